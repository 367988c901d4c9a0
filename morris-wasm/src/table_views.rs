//! The values endgame tables give, as JavaScript sees them: those of
//! `Tables` (the engine module) and of `RemoteTables` (the web tables
//! module) alike.

use morris_solver::Value;
use serde::Serialize;

/// What `tables.probe()` returns for a covered position, for its side to
/// move: `{ result: "win", plies: 7 }`, `{ result: "draw", plies: null }`;
/// from a win/draw/loss table (a `.wdl` file), which knows who wins but
/// not how soon, `{ result: "win", plies: null }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableValueView {
    pub result: &'static str,
    pub plies: Option<u16>,
}

impl From<Value> for TableValueView {
    fn from(v: Value) -> TableValueView {
        let plies = |d| v.exact().then_some(d);
        match v {
            Value::Win(d) => TableValueView {
                result: "win",
                plies: plies(d),
            },
            Value::Draw => TableValueView {
                result: "draw",
                plies: None,
            },
            Value::Loss(d) => TableValueView {
                result: "loss",
                plies: plies(d),
            },
        }
    }
}

/// One entry of `tables.probeMoves()`: a legal move and its exact value
/// for the side that makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValueView {
    #[serde(rename = "move")]
    pub turn: String,
    #[serde(flatten)]
    pub value: TableValueView,
}

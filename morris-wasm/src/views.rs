//! The objects JavaScript sees, as serde views of the core's types. Their
//! TypeScript declarations are in `types.d.ts`; the names here match.

use morris_core::{Color, Game, Outcome, Position, RuleKey, Rules, Variant};
use morris_engine::{Info, Line, Score, SearchResult};
use serde::{Serialize, Serializer};

/// Light and dark counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ByColorView {
    pub light: u32,
    pub dark: u32,
}

impl ByColorView {
    fn of(f: impl Fn(Color) -> u32) -> ByColorView {
        ByColorView {
            light: f(Color::Light),
            dark: f(Color::Dark),
        }
    }
}

/// The end of a game: `winner` is `null` for a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    pub winner: Option<&'static str>,
    pub reason: &'static str,
    /// `1-0`, `0-1` or `1/2-1/2`, as records write it.
    pub result: &'static str,
}

impl From<Outcome> for OutcomeView {
    fn from(o: Outcome) -> OutcomeView {
        OutcomeView {
            winner: o.winner.map(Color::name),
            reason: o.reason.id(),
            result: o.result(),
        }
    }
}

/// Every point of the board with its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView(pub Vec<(String, Option<&'static str>)>);

impl Serialize for BoardView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl BoardView {
    /// The points in reading order: by file, then by rank (`a1`, `a4`, `a7`, `b2`, …).
    pub fn of(pos: &Position) -> BoardView {
        let geo = pos.geometry();
        let mut points: Vec<_> = geo.points().collect();
        points.sort_unstable_by_key(|&p| {
            let c = geo.coord(p);
            (c.file(), c.rank())
        });
        BoardView(
            points
                .into_iter()
                .map(|p| (geo.coord(p).to_string(), pos.piece_at(p).map(Color::name)))
                .collect(),
        )
    }
}

/// What `game.state()` returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateView {
    /// What the side to move does: `placing`, `moving` or `flying`.
    pub phase: &'static str,
    pub side_to_move: &'static str,
    pub board: BoardView,
    /// The points holding a dead marker (§7.2 `placing-mill=mark`): no
    /// piece, and no piece may go there.
    pub markers: Vec<String>,
    pub in_hand: ByColorView,
    /// Pieces each side has lost.
    pub removed: ByColorView,
    pub outcome: Option<OutcomeView>,
}

impl StateView {
    pub fn of(game: &Game) -> StateView {
        let pos = game.position();
        let turn = pos.turn();
        StateView {
            phase: pos.phase(turn).id(),
            side_to_move: turn.name(),
            board: BoardView::of(pos),
            markers: pos
                .markers()
                .iter()
                .map(|p| pos.geometry().coord(p).to_string())
                .collect(),
            in_hand: ByColorView::of(|c| u32::from(pos.in_hand(c))),
            removed: ByColorView::of(|c| pos.removed(c)),
            outcome: game.outcome().map(OutcomeView::from),
        }
    }
}

/// A rule set with its options under their JavaScript names; the same
/// object is accepted as the options of `new Game`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RulesView {
    pub pieces: u8,
    pub board: String,
    pub flying: FlyingView,
    pub removal: String,
    pub mill_takes: String,
    pub first: String,
    pub board_full: String,
    pub no_reform: bool,
    pub endgame_draw: Option<u16>,
    pub n_move: Option<u16>,
    pub threefold: bool,
    pub move_in_placing: bool,
    pub mill_wins: bool,
    /// The options of docs/RULES.md §7.
    pub placing_mill: String,
    pub blocked: String,
    pub one_time_mill: bool,
    pub custodian: bool,
    pub intervention: bool,
    pub second_moves_first: bool,
    pub misere: bool,
}

/// `flying` as JavaScript writes it: `true` (with three pieces) or
/// `false`, or the word of §7.7 (`"four"`, `"always"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum FlyingView {
    Flag(bool),
    Word(String),
}

impl FlyingView {
    fn of(r: &Rules) -> FlyingView {
        match r.get(RuleKey::Flying).as_str() {
            "on" => FlyingView::Flag(true),
            "off" => FlyingView::Flag(false),
            word => FlyingView::Word(word.to_string()),
        }
    }
}

impl From<&Rules> for RulesView {
    fn from(r: &Rules) -> RulesView {
        RulesView {
            pieces: r.pieces,
            board: r.get(RuleKey::Board),
            flying: FlyingView::of(r),
            removal: r.get(RuleKey::Removal),
            mill_takes: r.get(RuleKey::MillTakes),
            first: r.get(RuleKey::First),
            board_full: r.get(RuleKey::BoardFull),
            no_reform: r.no_reform,
            endgame_draw: r.endgame_draw,
            n_move: r.n_move_rule,
            threefold: r.threefold,
            move_in_placing: r.move_in_placing,
            mill_wins: r.mill_wins,
            placing_mill: r.get(RuleKey::PlacingMill),
            blocked: r.get(RuleKey::Blocked),
            one_time_mill: r.one_time_mill,
            custodian: r.custodian,
            intervention: r.intervention,
            second_moves_first: r.second_moves_first,
            misere: r.misere,
        }
    }
}

/// One entry of `variants()`: the id, the name and the preset's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantView {
    pub id: &'static str,
    pub name: &'static str,
    #[serde(flatten)]
    pub rules: RulesView,
}

impl From<Variant> for VariantView {
    fn from(v: Variant) -> VariantView {
        VariantView {
            id: v.id(),
            name: v.name(),
            rules: RulesView::from(&v.rules()),
        }
    }
}

/// A score for the side to move: `cp` in hundredths of a piece, or a
/// `win` or `loss` that many plies away (`null`: a win/draw/loss table's,
/// which does not say how far).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    pub kind: &'static str,
    pub value: Option<i64>,
}

impl From<Score> for ScoreView {
    fn from(s: Score) -> ScoreView {
        let (kind, value) = match (s, s.table_result()) {
            (_, Some(true)) => ("win", None),
            (_, Some(false)) => ("loss", None),
            (Score::Value(v), None) => ("cp", Some(i64::from(v))),
            (Score::Win(n), None) => ("win", Some(i64::from(n))),
            (Score::Loss(n), None) => ("loss", Some(i64::from(n))),
        };
        ScoreView { kind, value }
    }
}

/// What `engine.bestMove()` returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchView {
    /// `null` only when the game is over.
    #[serde(rename = "move")]
    pub best: Option<String>,
    pub score: ScoreView,
    pub pv: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
}

impl SearchView {
    pub fn of(root: &Position, r: &SearchResult) -> SearchView {
        SearchView {
            best: r.best.map(|m| root.notation(m)),
            score: r.score.into(),
            pv: root.line_notation(&r.pv),
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}

/// One line of `engine.analyze()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineView {
    #[serde(rename = "move")]
    pub first: Option<String>,
    pub score: ScoreView,
    pub pv: Vec<String>,
}

impl LineView {
    pub fn of(root: &Position, line: &Line) -> LineView {
        LineView {
            first: line.first().map(|m| root.notation(m)),
            score: line.score.into(),
            pv: root.line_notation(&line.pv),
        }
    }
}

/// What `engine.think()` returns: `bestMove`'s result and, best first,
/// the lines searched (more than one with `multiPv`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThinkView {
    #[serde(flatten)]
    pub result: SearchView,
    pub lines: Vec<LineView>,
    /// What ended the search: `depth`, `nodes`, `time`, `stop` or `end`
    /// (by itself: no move, one legal move, a result found, a level's bounds).
    pub stopped_by: &'static str,
}

/// One report of a search in progress: a finished iteration's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InfoView {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line, from 1 (the best).
    pub multipv: usize,
    pub score: ScoreView,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    pub pv: Vec<String>,
}

impl InfoView {
    pub fn of(root: &Position, info: &Info) -> InfoView {
        InfoView {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: info.score.into(),
            nodes: info.nodes,
            time_ms: info.time_ms,
            nps: info.nps,
            pv: root.line_notation(&info.pv),
        }
    }
}

/// A view as a plain JavaScript object: maps as objects, `None` as `null`.
/// It fails only if JavaScript does; the error is JavaScript's own.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<wasm_bindgen::JsValue, serde_wasm_bindgen::Error> {
    const SERIALIZER: serde_wasm_bindgen::Serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&SERIALIZER)
}

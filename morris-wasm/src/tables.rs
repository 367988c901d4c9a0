//! `Tables`: endgame table files loaded from bytes, probed for perfect
//! play ("win in 7"), and handed to an [`crate::Engine`], which then plays
//! the positions they cover perfectly.

use std::sync::Arc;

use morris_solver::TableFileError;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::Game;
use crate::options::bytes_arg;
pub use crate::table_views::{MoveValueView, TableValueView};
use crate::views::to_js;
use crate::ApiError;

/// What `tables.load()` returns: the class a file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfoView {
    /// The rules as in a position text: `nine`, `nine:flying=off`.
    pub rules: String,
    pub light: u8,
    pub dark: u8,
}

/// Loaded endgame tables: exact values of the positions they cover
/// (`probe`, `probeMoves`), and perfect play for an engine that uses them
/// (`engine.useTables(tables)`). The package carries one small table,
/// `tables/three-3v3.tb`.
///
/// @example
/// ```js
/// import { readFileSync } from "node:fs";
/// import { Game, Tables } from "morris-wasm";
/// const tables = new Tables();
/// tables.load(readFileSync("node_modules/morris-wasm/tables/three-3v3.tb")); // { rules: "three", light: 3, dark: 3 }
/// tables.probe(Game.fromPosition("three LL./D.D/L.D L 0/0 0/0 -")); // { result: "win", plies: 3 }
/// ```
#[wasm_bindgen]
#[derive(Clone, Debug, Default)]
pub struct Tables {
    inner: Arc<morris_engine::Tablebases>,
}

impl Tables {
    /// Reads and adds one table file.
    pub fn load_bytes(&mut self, bytes: &[u8]) -> Result<TableInfoView, TableFileError> {
        let table = morris_solver::read(bytes)?;
        let rules = table.indexer().rules().to_string();
        let class = Arc::make_mut(&mut self.inner).insert(table);
        Ok(TableInfoView {
            rules,
            light: class.light,
            dark: class.dark,
        })
    }

    pub fn shared(&self) -> Arc<morris_engine::Tablebases> {
        Arc::clone(&self.inner)
    }

    pub fn core(&self) -> &morris_engine::Tablebases {
        &self.inner
    }

    /// Each legal move of `game` whose position after it is covered (a
    /// finished game counts), with its value for the mover; none once the
    /// game is over.
    pub fn move_values(&self, game: &morris_core::Game) -> Vec<MoveValueView> {
        if game.outcome().is_some() {
            return Vec::new();
        }
        let pos = game.position();
        pos.legal_moves()
            .into_iter()
            .filter_map(|m| {
                let after = pos.play(m);
                let value = self.inner.probe(&after)?;
                Some(MoveValueView {
                    turn: pos.notation(m),
                    value: value.for_mover(&after, pos.turn()).into(),
                })
            })
            .collect()
    }
}

#[wasm_bindgen]
impl Tables {
    /// No tables yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Adds a table file's bytes (a `Uint8Array` or `ArrayBuffer`); throws
    /// a `TableFileError` when they are not a usable table, and an
    /// `ArgumentError` when they are not bytes.
    #[wasm_bindgen(unchecked_return_type = "TableInfo")]
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<JsValue, JsValue> {
        let bytes = bytes_arg(&bytes, "the table file")?;
        let info = self.load_bytes(&bytes).map_err(ApiError::from)?;
        Ok(to_js(&info)?)
    }

    /// The loaded classes.
    #[wasm_bindgen(unchecked_return_type = "TableInfo[]")]
    pub fn classes(&self) -> Result<JsValue, JsValue> {
        let list: Vec<TableInfoView> = self
            .inner
            .classes()
            .into_iter()
            .map(|(r, c)| TableInfoView {
                rules: r.to_string(),
                light: c.light,
                dark: c.dark,
            })
            .collect();
        Ok(to_js(&list)?)
    }

    /// The exact value of the game's position for its side to move, or
    /// `undefined` when no loaded table covers it.
    #[wasm_bindgen(unchecked_return_type = "TableValue | undefined")]
    pub fn probe(&self, game: &Game) -> Result<JsValue, JsValue> {
        let pos = game.core().position();
        if game.core().outcome().is_some() {
            return Ok(JsValue::UNDEFINED);
        }
        match self.inner.probe(pos) {
            Some(v) => Ok(to_js(&TableValueView::from(v))?),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Every legal move whose position after it the tables cover, with
    /// its exact value for the side that makes it (`{ move, result,
    /// plies }`, the plies counted from before the move); a move the
    /// tables do not reach is left out, and a finished game has none.
    #[wasm_bindgen(js_name = probeMoves, unchecked_return_type = "MoveValue[]")]
    pub fn probe_moves(&self, game: &Game) -> Result<JsValue, JsValue> {
        Ok(to_js(&self.move_values(game.core()))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8]) -> Result<TableInfoView, String> {
        Tables::default()
            .load_bytes(bytes)
            .map_err(ApiError::from)
            .map_err(|e| format!("{}: {e}", e.name()))
    }

    #[test]
    fn a_table_loads_and_a_bad_file_is_refused() {
        let mut base = morris_solver::Tablebase::new(morris_core::Variant::Three.rules());
        let bytes = base
            .solve(3, 3)
            .map(morris_solver::write)
            .map_err(|e| e.to_string());
        let Ok(bytes) = bytes else {
            return assert!(bytes.is_ok(), "{bytes:?}");
        };
        assert_eq!(
            check(&bytes),
            Ok(TableInfoView {
                rules: "three".into(),
                light: 3,
                dark: 3
            })
        );
        let err = check(b"MULINOTB").err().unwrap_or_default();
        assert_eq!(
            err,
            "TableFileError: not a usable table file: the table file is truncated"
        );
        let mut flipped = bytes.clone();
        if let Some(b) = flipped.get_mut(40) {
            *b ^= 1;
        }
        assert!(check(&flipped).is_err());
    }

    #[test]
    fn move_values_agree_with_the_value_after_each_move() {
        let rules = morris_core::Variant::Three.rules();
        let mut base = morris_solver::Tablebase::new(rules);
        let solved = base.solve(3, 3).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(solved, Ok(()));
        let tables = Tables {
            inner: Arc::new(morris_engine::Tablebases::from_base(base)),
        };
        // Light a1 a2 b3, dark b1 c2 c3, nothing in hand: b3-a3 closes
        // a1-a2-a3 and wins at once.
        let pos = "three .LD/L.D/LD. L 0/0 0/0 -".parse::<morris_core::Position>();
        let Ok(pos) = pos else {
            return assert!(pos.is_ok(), "{pos:?}");
        };
        let game = morris_core::Game::from_position(pos);
        let values = tables.move_values(&game);
        assert_eq!(values.len(), game.legal_moves().len(), "every move is covered");
        let win = values.iter().find(|v| v.turn == "b3-a3").map(|v| &v.value);
        assert_eq!(
            win,
            Some(&TableValueView {
                result: "win",
                plies: Some(1)
            })
        );
        for v in &values {
            let mut after = game.clone();
            let played = after.play_text(&v.turn).map(|_| ());
            assert_eq!(played, Ok(()), "{}", v.turn);
            let probed = tables
                .core()
                .probe(after.position())
                .map(|x| TableValueView::from(x.back()));
            assert_eq!(probed.as_ref(), Some(&v.value), "{}", v.turn);
        }
    }
}

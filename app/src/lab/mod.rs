//! The lab: the analysis board (with game review), the position editor,
//! the puzzles and the rooms' connection settings — the parts of the page
//! a player opens now and then.
//! They are a second wasm module (the binary `lab`, served as `lab.js` and
//! `lab_bg.wasm`), so that the table's first load leaves them out: the
//! table asks for one with [`use_lab`]'s `open`, the page's `mulinoLab`
//! (index.html) fetches the module the first time, and its root
//! (`root::LabRoot`) mounts over the table. What the lab gives back (a
//! position to play, or nothing) comes as a [`LabExit`].
//!
//! Both sides speak in text, through window events: [`LabView::encode`]
//! and [`LabExit::encode`], each read back by `decode`, which refuses
//! anything else with its reason.

mod lang;
mod load;
mod root;

use morris_core::{Game, Position, Setup};

use crate::editor::{editor_link, editor_payload, read_editor_link};
use crate::hooks::PUZZLE_VARIANTS;
use crate::link::{analysis_link, analysis_payload, parse, LinkError};

pub use load::{use_lab, Lab};
pub use root::run;

/// The event the page sends the lab with a view to open (`detail`: its text).
pub const OPEN_EVENT: &str = "mulino-lab-open";
/// The event the lab sends the page when a view closes (`detail`: a [`LabExit`]).
pub const EXIT_EVENT: &str = "mulino-lab-exit";
/// The page's property holding the view asked for until the lab takes it.
pub const REQUEST: &str = "mulinoLabRequest";

/// A view of the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum LabView {
    /// The analysis board on `game`, showing it after `ply` turns (past
    /// its end: at its end); `review` starts the game's review at once.
    Analysis { game: Game, ply: usize, review: bool },
    /// The position editor on a setup, playable or not.
    Editor(Setup),
    /// The puzzles of a variant with a puzzle file.
    Puzzles(&'static str),
    /// The connection settings of rooms.
    Connection,
}

/// What a view of the lab ends with.
#[derive(Clone, Debug, PartialEq)]
pub enum LabExit {
    /// Closed: the table goes on as it was.
    Closed,
    /// A game from this position on the table ("Play from here").
    Play(Position),
}

fn bad<T>(what: &str) -> Result<T, LinkError> {
    Err(LinkError(format!("not a view of the lab: {what}")))
}

impl LabView {
    /// The analysis board on `game`, shown at its end.
    pub fn at_end(game: Game) -> LabView {
        LabView::Analysis {
            game,
            ply: usize::MAX,
            review: false,
        }
    }

    /// The view as one line of text (links' own formats inside).
    pub fn encode(&self) -> String {
        match self {
            LabView::Analysis { game, ply, review } => {
                format!("analysis {ply} {} #{}", u8::from(*review), analysis_link(game))
            }
            LabView::Editor(setup) => format!("editor #{}", editor_link(setup)),
            LabView::Puzzles(variant) => format!("puzzles {variant}"),
            LabView::Connection => "connection".into(),
        }
    }

    /// Reads [`LabView::encode`]'s text back.
    pub fn decode(text: &str) -> Result<LabView, LinkError> {
        let (head, link) = text.split_once(" #").unwrap_or((text, ""));
        let mut words = head.split(' ');
        match (words.next(), words.next(), words.next(), words.next()) {
            (Some("analysis"), Some(ply), Some(review @ ("0" | "1")), None) => {
                let Ok(ply) = ply.parse() else {
                    return bad("the turn is not a number");
                };
                let Some(fields) = analysis_payload(link) else {
                    return bad("no analysis link");
                };
                let game = parse(fields)?.game;
                Ok(LabView::Analysis {
                    game,
                    ply,
                    review: review == "1",
                })
            }
            (Some("editor"), None, _, _) => {
                let Some(fields) = editor_payload(link) else {
                    return bad("no editor link");
                };
                Ok(LabView::Editor(read_editor_link(fields)?))
            }
            (Some("puzzles"), Some(id), None, _) => match PUZZLE_VARIANTS.into_iter().find(|v| *v == id) {
                Some(v) => Ok(LabView::Puzzles(v)),
                None => bad("no puzzles for this variant"),
            },
            (Some("connection"), None, _, _) => Ok(LabView::Connection),
            _ => bad("unknown view"),
        }
    }
}

impl LabExit {
    pub fn encode(&self) -> String {
        match self {
            LabExit::Closed => "closed".into(),
            LabExit::Play(pos) => format!("play {pos}"),
        }
    }

    pub fn decode(text: &str) -> Result<LabExit, LinkError> {
        match text.split_once(' ') {
            None if text == "closed" => Ok(LabExit::Closed),
            Some(("play", pos)) => pos
                .parse()
                .map(LabExit::Play)
                .map_err(|e| LinkError(format!("position: {e}"))),
            _ => bad("unknown ending"),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use morris_core::Rules;

    #[test]
    fn every_view_and_exit_reads_back_as_it_was_sent() {
        let mut game = Game::new("three".parse::<Rules>().unwrap());
        for m in ["a1", "b2", "c1"] {
            game.play_text(m).unwrap();
        }
        let pos = *game.position();
        let views = [
            LabView::Analysis {
                game: game.clone(),
                ply: 2,
                review: true,
            },
            LabView::Analysis {
                game: Game::from_position(pos),
                ply: usize::MAX,
                review: false,
            },
            LabView::Editor(pos.into()),
            LabView::Puzzles("six"),
            LabView::Connection,
        ];
        for v in views {
            assert_eq!(LabView::decode(&v.encode()).unwrap(), v, "{}", v.encode());
        }
        for e in [LabExit::Closed, LabExit::Play(pos)] {
            assert_eq!(LabExit::decode(&e.encode()).unwrap(), e);
        }
    }

    #[test]
    fn anything_else_is_refused_with_its_reason() {
        for text in [
            "",
            "analysis",
            "analysis x 0 #analysis",
            "analysis 1 2 #analysis",
            "puzzles lasker",
            "editor #x",
            "open",
        ] {
            let e = LabView::decode(text).unwrap_err();
            assert!(
                e.0.starts_with("not a view of the lab") || e.0.contains("position"),
                "{text}: {e}"
            );
        }
        assert!(LabView::decode("analysis 0 0 #analysis&variant=nine&moves=zz").is_err());
        assert!(LabExit::decode("play nine junk").is_err());
        assert!(LabExit::decode("opened").is_err());
    }
}

//! The game behind one mounted board: who plays, the look, the listeners,
//! the page's engine; what a press or a move does to it, and what the
//! board is given to draw.

use morris_board::layout::Layout;
use morris_board::{BoardProps, PartialTurn};
use morris_core::{Bitboard, Color, Move, Position};
use yew::prelude::*;

use super::events::{ChangeView, Event, Listeners, Told};
use super::look::Look;
use super::page_engine::PageEngine;
use super::{highlights, shapes};
use super::{Embed, Msg};
use crate::views::{OutcomeView, StateView};
use crate::ApiError;

/// Who plays at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    TwoPlayers,
    /// Against the page's engine (`page_engine`), which plays `engine`.
    VsEngine {
        engine: Color,
    },
    View,
}

/// The game behind one mounted board.
pub(super) struct Model {
    pub(super) game: morris_core::Game,
    pub(super) turn: PartialTurn,
    pub(super) mode: Mode,
    pub(super) look: Look,
    pub(super) listeners: Listeners,
    pub(super) page_engine: PageEngine,
    /// The component has drawn the board once (its first render is done).
    pub(super) shown: bool,
    /// `destroy()` was called: the board draws nothing, takes nothing and
    /// asks its engine nothing until Yew takes it off the page.
    pub(super) gone: bool,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("game", &self.game)
            .field("mode", &self.mode)
            .field("look", &self.look)
            .finish()
    }
}

impl Model {
    pub(super) fn engine_to_move(&self) -> bool {
        matches!(self.mode, Mode::VsEngine { engine, .. } if engine == self.game.position().turn())
            && self.game.outcome().is_none()
    }

    pub(super) fn accepts_presses(&self) -> bool {
        self.game.outcome().is_none()
            && !self.engine_to_move()
            && self.look.movable.allows(self.game.position().turn())
    }

    /// Whether the person at the board is to pass: the side to move may
    /// press, and a pass is the only move offered (`blocked=pass`).
    pub(super) fn pass_due(&self) -> bool {
        self.accepts_presses() && self.offered() == [Move::PASS]
    }

    /// The colour of the pieces the game's last turn took (a turn that
    /// only removes may take one's own), for the board to fade them.
    fn taken(&self) -> Option<Color> {
        let last = self.game.moves().last()?;
        let positions = self.game.positions();
        let before = positions.get(positions.len().checked_sub(2)?)?;
        last.removals().iter().find_map(|p| before.piece_at(p))
    }

    /// The moves the person may make: the legal ones, or those of them the
    /// page offers.
    pub(super) fn offered(&self) -> Vec<Move> {
        let mut legal = self.game.legal_moves();
        if let Some(dests) = &self.look.dests {
            let pos = self.game.position();
            legal.retain(|m| dests.iter().any(|d| pos.parse_move(d).ok() == Some(*m)));
        }
        legal
    }

    /// Plays `m`; returns what the page's listeners are told.
    pub(super) fn play(&mut self, m: Move) -> Result<Told, ApiError> {
        let before = *self.game.position();
        self.game.play(m)?;
        self.page_engine.forget();
        self.turn = PartialTurn::default();
        self.look.dests = None;
        self.look.last_move = None;
        let text = before.notation(m);
        let geo = before.geometry();
        let mut events = vec![Event::Move {
            text: text.clone(),
            state: StateView::of(&self.game),
        }];
        for p in m.removals() {
            events.push(Event::Removal {
                point: geo.coord(p).to_string(),
                text: text.clone(),
            });
        }
        events.push(ChangeView::of("move", Some(text), &self.game));
        Ok(self.told(events).and_end(self))
    }

    pub(super) fn told(&self, events: Vec<Event>) -> Told {
        Told {
            events,
            listeners: self.listeners.clone(),
        }
    }

    pub(super) fn props(&self, link: &yew::html::Scope<Embed>) -> BoardProps {
        let pos: &Position = self.game.position();
        let interactive = self.accepts_presses();
        let legal = if interactive { self.offered() } else { Vec::new() };
        let hints = self.turn.hints(pos, &legal);
        let geo = pos.geometry();
        let layout = Layout::new(geo, self.look.flipped);
        BoardProps {
            board: pos.rules().board,
            // The piece that closed a mill stands there while its removal is picked.
            pieces: self.turn.shown_pieces(pos),
            flipped: self.look.flipped,
            targets: hints.targets,
            removable: hints.removable,
            movable: hints.movable,
            selected: self.turn.selected(),
            cursor: None,
            last_move: self
                .look
                .last_move
                .unwrap_or_else(|| self.game.moves().last().copied()),
            // Only for the game's own last move: a page's `lastMove` names
            // points, not pieces.
            taken: self.look.last_move.is_none().then(|| self.taken()).flatten(),
            markers: pos.markers(),
            suggestion: None,
            premove: Bitboard::EMPTY,
            // The board names each point in full by itself ("d6, light
            // piece, selected", morris_board::PointWords).
            labels: Vec::new(),
            label: AttrValue::from(format!("{} board", pos.rules().variant.name())),
            notes: Vec::new(),
            underlay: highlights::draw(&self.look.highlights, layout),
            overlay: shapes::draw(&[&self.look.shapes[..], &self.look.drawn[..]].concat(), layout),
            interactive,
            on_press: link.callback(Msg::Press),
            on_cursor: Callback::noop(),
            on_cancel: link.callback(|()| Msg::Cancel),
        }
    }
}

impl Told {
    /// Adds the end of the game, when it is over.
    pub(super) fn and_end(mut self, model: &Model) -> Told {
        if let Some(o) = model.game.outcome() {
            self.events.push(Event::End {
                outcome: OutcomeView::from(o),
            });
        }
        self
    }
}

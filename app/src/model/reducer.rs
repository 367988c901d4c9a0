//! The reducer: what each [`Action`] does to the [`Model`]. In a room the
//! actions that work differently with a friend far away are taken first
//! (offers wait for the friend, undo and hints are off), the rest work as
//! at one table.

use std::rc::Rc;

use morris_board::{PartialTurn, Press};
use morris_core::{Game, Position};
use yew::Reducible;

use super::room::{merge, Merged};
use super::{Action, Model, Notice};
use crate::link::Mode;
use crate::room::{clean_name, Room};

impl Model {
    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        if self.room.is_some() {
            if let Err(action) = self.apply_in_room(action) {
                self.apply_anywhere(action);
            }
        } else {
            self.apply_anywhere(action);
        }
    }

    /// The actions that work differently with a friend far away; gives
    /// back the ones that work as at one table.
    fn apply_in_room(&mut self, action: Action) -> Result<(), Action> {
        let Some(room) = self.room.clone() else {
            return Err(action);
        };
        let mine = room.my_color();
        let theirs = room.remote_color();
        let over = self.outcome().is_some();
        match action {
            // Take-backs need the friend's consent, hints help one side.
            Action::Undo | Action::Redo | Action::AskHint => {}
            Action::OfferDraw => {
                if !over && self.draw_offer.is_none() {
                    self.draw_offer = Some(mine);
                    self.acted();
                }
            }
            Action::AcceptDraw => {
                if self.draw_offer == Some(theirs) && self.game.agree_draw().is_ok() {
                    self.draw_offer = None;
                    self.acted();
                    self.changed();
                }
            }
            Action::DeclineDraw => {
                if self.draw_offer == Some(theirs) {
                    self.draw_offer = None;
                    self.acted();
                }
            }
            Action::Confirm => {
                if self.confirm_resign {
                    self.confirm_resign = false;
                    if self.game.resign(mine).is_ok() {
                        self.draw_offer = None;
                        self.acted();
                        self.changed();
                    }
                }
            }
            Action::Rematch => {
                if over && room.rematch_by.is_none() {
                    self.with_room(|r| r.rematch_by = Some(r.me));
                    self.acted();
                }
            }
            Action::AcceptRematch => {
                if over && room.rematch_by == Some(room.me.other()) {
                    let mut next = room;
                    next.host_color = !next.host_color;
                    next.game_no = next.game_no.saturating_add(1);
                    next.rematch_by = None;
                    self.start_room_game(next);
                    self.acted();
                }
            }
            Action::CancelDialog => {
                self.confirm_resign = false;
                if room.rematch_by.is_some() {
                    self.with_room(|r| r.rematch_by = None);
                    self.acted();
                }
            }
            Action::Remote(shared) => match merge(self, &shared) {
                Ok(Merged::Updated(next)) => *self = *next,
                Ok(Merged::Stale) => {
                    // A link that only carries a connection offer or
                    // answer is not worth a word.
                    if shared.by_link && shared.signal.is_none() {
                        self.notice = Some(Notice::new("room.stale", Vec::new()));
                    }
                }
                Err(why) => self.notice = Some(Notice::new("room.refused", vec![why.to_string()])),
            },
            Action::Rename(name) => {
                let name = clean_name(&name);
                if room.name(room.me) != name {
                    self.with_room(|r| r.names[r.me.index()] = name);
                    self.acted();
                }
            }
            // Not an action for the friend: every room sent carries it anyway.
            Action::SeatKey(key) => self.with_room(|r| r.keys[r.me.index()] = key),
            other => return Err(other),
        }
        Ok(())
    }

    fn with_room(&mut self, f: impl FnOnce(&mut Room)) {
        if let Some(r) = self.room.as_mut() {
            f(r);
        }
    }

    fn apply_anywhere(&mut self, action: Action) {
        match action {
            Action::Press(p) => {
                self.cursor = Some(p);
                if !self.accepts_input() {
                    return;
                }
                let legal = self.game.legal_moves();
                match self.turn.press(p, self.game.position(), &legal) {
                    Press::Play(m) => {
                        self.play(m);
                        self.acted();
                    }
                    Press::Continue(t) => self.turn = t,
                    Press::Ignore => {}
                }
            }
            Action::Cancel => {
                if self.confirm_resign {
                    self.confirm_resign = false;
                } else {
                    self.turn = PartialTurn::default();
                }
            }
            Action::Cursor(p) => self.cursor = Some(p),
            Action::EngineMove { epoch, text, score } => {
                if epoch != self.epoch || !self.engine_to_move() || self.view.is_some() {
                    return;
                }
                if let Ok(m) = self.game.position().parse_move(&text) {
                    self.engine_score = score;
                    self.play(m);
                }
            }
            Action::Suggestion { epoch, text } => {
                if epoch == self.epoch {
                    self.hint_pending = false;
                    self.suggestion = self.game.position().parse_move(&text).ok();
                }
            }
            Action::AskHint => {
                if self.accepts_input() && self.engine_error.is_none() {
                    self.hint_pending = true;
                }
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::OfferDraw => {
                if self.outcome().is_some() {
                    return;
                }
                match self.mode.engine() {
                    Some(engine) => {
                        if self.engine_accepts_draw(engine) {
                            let _ = self.game.agree_draw();
                            self.notice = Some(Notice::new("draw.engine_accepts", Vec::new()));
                            self.changed();
                        } else {
                            self.notice = Some(Notice::new("draw.engine_declines", Vec::new()));
                        }
                    }
                    None => self.draw_offer = Some(self.game.position().turn()),
                }
            }
            Action::AcceptDraw => {
                if self.draw_offer.take().is_some() && self.game.agree_draw().is_ok() {
                    self.changed();
                }
            }
            Action::DeclineDraw => {
                if self.draw_offer.take().is_some() {
                    self.notice = Some(Notice::new("draw.declined", Vec::new()));
                }
            }
            Action::Resign => {
                if self.outcome().is_none() {
                    self.confirm_resign = true;
                }
            }
            Action::Confirm => {
                if self.confirm_resign {
                    self.confirm_resign = false;
                    let side = self.acting_side();
                    if self.game.resign(side).is_ok() {
                        self.draw_offer = None;
                        self.changed();
                    }
                }
            }
            Action::CancelDialog => {
                self.confirm_resign = false;
                self.rematch_offer = false;
            }
            Action::Rematch => {
                if self.outcome().is_none() {
                    return;
                }
                match self.mode {
                    Mode::VsEngine { .. } => self.rematch(),
                    Mode::TwoPlayers { .. } => self.rematch_offer = true,
                }
            }
            Action::AcceptRematch => {
                if self.rematch_offer {
                    self.rematch();
                }
            }
            Action::NewGame { rules, mode } => self.start(Game::new(rules), mode),
            Action::Open(opened) => {
                let o = *opened;
                self.start(o.game, o.mode);
                self.redo = o.redo.into_iter().rev().collect();
            }
            Action::View(ply) => {
                self.view = ply.filter(|&p| p < self.game.moves().len());
                self.turn = PartialTurn::default();
            }
            Action::Notify(n) => self.notice = n,
            Action::EngineFailed(why) => {
                self.engine_error = Some(why);
                self.hint_pending = false;
            }
            Action::OpenRoom(t) => {
                let epoch = self.epoch;
                let engine_error = self.engine_error.take();
                let replaced = self.replaced.wrapping_add(1);
                *self = *t;
                self.epoch = epoch;
                self.replaced = replaced;
                self.engine_error = engine_error;
                self.changed();
            }
            // Only a room takes these.
            Action::Remote(_) | Action::Rename(_) | Action::SeatKey(_) => {}
            Action::SetClock(control) => self.set_clock(control),
            // The clocks' business (`apply_at`).
            Action::Tick => {}
        }
    }

    /// Colours swap; the rules stay, so the side that opens is now the
    /// other player: the one who did not open the last game.
    fn rematch(&mut self) {
        let start = Game::from_position(Position::new(*self.game.rules()));
        self.start(start, self.mode.swapped());
    }
}

impl Reducible for Model {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply_at(action, crate::browser::clock_ms());
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link;
    use morris_core::{Color, Point, Reason, Rules, Variant};

    fn p(t: &Model, s: &str) -> Point {
        match t.game.position().geometry().parse_point(s) {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        }
    }

    fn press(t: &mut Model, s: &str) {
        let pt = p(t, s);
        t.apply(Action::Press(pt));
    }

    #[test]
    fn hot_seat_mill_and_removal() {
        let mut t = Model::default();
        for s in ["a1", "b2", "d1", "d2", "g1"] {
            press(&mut t, s);
        }
        assert!(t.turn.removing());
        assert!(t.hints().removable.contains(p(&t, "b2")));
        press(&mut t, "b2");
        assert_eq!(t.game.move_texts().last().map(String::as_str), Some("g1xb2"));
        assert_eq!(t.game.position().turn(), Color::Dark);
    }

    #[test]
    fn an_unavailable_engine_stops_hints_and_survives_a_new_game_while_people_play_on() {
        let mut t = Model::default();
        t.apply(Action::AskHint);
        assert!(t.hint_pending);
        t.apply(Action::EngineFailed("worker.js: NetworkError".into()));
        assert_eq!(t.engine_error.as_deref(), Some("worker.js: NetworkError"));
        assert!(!t.hint_pending);
        t.apply(Action::AskHint);
        assert!(!t.hint_pending, "no hint is asked of a broken worker");
        // Hot-seat goes on: a mill and its removal.
        for s in ["a1", "b2", "d1", "d2", "g1", "b2"] {
            press(&mut t, s);
        }
        assert_eq!(t.game.move_texts().last().map(String::as_str), Some("g1xb2"));
        // A late answer changes nothing; a new game keeps the error.
        t.apply(Action::NewGame {
            rules: Rules::default(),
            mode: Mode::VsEngine {
                level: 3,
                human: Color::Dark,
            },
        });
        assert!(t.engine_to_move());
        assert!(t.engine_error.is_some());
        assert!(!t.accepts_input());
        t.apply(Action::NewGame {
            rules: Rules::default(),
            mode: Mode::TwoPlayers { bottom: Color::Light },
        });
        assert!(t.engine_error.is_some());
        press(&mut t, "d6");
        assert_eq!(t.game.moves().len(), 1);
    }

    #[test]
    fn draw_offer_accept_decline_and_a_move_refuses() {
        let mut t = Model::default();
        t.apply(Action::OfferDraw);
        assert_eq!(t.draw_offer, Some(Color::Light));
        t.apply(Action::DeclineDraw);
        assert_eq!(t.draw_offer, None);
        t.apply(Action::OfferDraw);
        press(&mut t, "a1");
        assert_eq!(t.draw_offer, None);
        t.apply(Action::OfferDraw);
        t.apply(Action::AcceptDraw);
        assert_eq!(t.outcome().map(|o| o.reason), Some(Reason::Agreement));
    }

    #[test]
    fn resign_needs_confirmation_and_rematch_swaps_colours() {
        let mut t = Model::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 2,
                human: Color::Light,
            },
        );
        t.apply(Action::Resign);
        assert!(t.outcome().is_none() && t.confirm_resign);
        t.apply(Action::CancelDialog);
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        assert_eq!(t.outcome().and_then(|o| o.winner), Some(Color::Dark));
        t.apply(Action::Rematch);
        assert_eq!(
            t.mode,
            Mode::VsEngine {
                level: 2,
                human: Color::Dark
            }
        );
        assert!(t.outcome().is_none());
        // Light still opens, and light is now the computer: the person opened last time.
        assert!(t.engine_to_move());
    }

    #[test]
    fn hot_seat_rematch_needs_acceptance() {
        let mut t = Model::default();
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        t.apply(Action::Rematch);
        assert!(t.rematch_offer && t.outcome().is_some());
        t.apply(Action::AcceptRematch);
        assert_eq!(t.mode, Mode::TwoPlayers { bottom: Color::Dark });
        assert!(t.outcome().is_none());
    }

    #[test]
    fn engine_moves_only_for_the_current_epoch_and_undo_returns_to_the_person() {
        let mut t = Model::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 1,
                human: Color::Light,
            },
        );
        press(&mut t, "a1");
        assert!(t.engine_to_move());
        let stale = t.epoch.wrapping_sub(1);
        t.apply(Action::EngineMove {
            epoch: stale,
            text: "b2".into(),
            score: None,
        });
        assert_eq!(t.game.moves().len(), 1);
        t.apply(Action::EngineMove {
            epoch: t.epoch,
            text: "b2".into(),
            score: Some(10),
        });
        assert_eq!(t.game.moves().len(), 2);
        t.apply(Action::Undo);
        assert_eq!(t.game.moves().len(), 0);
        t.apply(Action::Redo);
        assert_eq!(t.game.move_texts(), ["a1", "b2"]);
        // The computer is ahead: it declines a draw.
        t.apply(Action::OfferDraw);
        assert!(t.outcome().is_none());
    }

    #[test]
    fn browsing_the_move_list_blocks_input() {
        let mut t = Model::new(Game::new(Variant::Three.rules()), Mode::default());
        press(&mut t, "a1");
        press(&mut t, "b2");
        t.apply(Action::View(Some(1)));
        assert_eq!(t.shown().pieces(Color::Dark).count(), 0);
        press(&mut t, "c3");
        assert_eq!(t.game.moves().len(), 2);
        t.apply(Action::View(None));
        press(&mut t, "c3");
        assert_eq!(t.game.moves().len(), 3);
    }

    #[test]
    fn the_saved_form_round_trips() {
        let mut t = Model::default();
        for s in ["a1", "b2", "d1"] {
            press(&mut t, s);
        }
        t.apply(Action::Undo);
        let Ok(o) = link::parse(&t.link()) else {
            unreachable!()
        };
        let back = Model::from_opened(o);
        assert_eq!(back.game, t.game);
        assert_eq!(back.redo, t.redo);
    }
}

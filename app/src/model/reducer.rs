//! The reducer: what each [`Action`] does to the [`Model`]. In a room the
//! actions that work differently with a friend far away are taken first
//! (offers wait for the friend, undo and hints are off), the rest work as
//! at one table.

use std::rc::Rc;

use morris_board::{PartialTurn, Press};
use morris_core::{Game, Move, Point, Position};
use yew::Reducible;

use super::room::{merge, named, Merged};
use super::{engine_accepts_draw, Action, Model, Notice, Presence, Tally};
use crate::link::{Mode, Opened};
use crate::room::{clean_name, Room};

/// The most presses kept while the computer thinks: a piece, where it
/// goes, and a piece to take.
const MAX_PREMOVE: usize = 3;

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
            Action::Presence(p) => {
                self.friend_away = (p != Presence::Back).then_some(p);
                if let Some(room) = &self.room {
                    let key = match p {
                        Presence::Left => "room.friend-left",
                        Presence::Lost => "room.friend-lost",
                        Presence::Back => "room.friend-back",
                    };
                    self.notice = Some(Notice::new(key, named(room.name(room.me.other()))));
                }
            }
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
            Action::Press(p) => self.press(p),
            Action::Pass => {
                if self.pass_due() {
                    self.play(Move::PASS);
                    self.acted();
                }
            }
            Action::Cancel => {
                if self.confirm_resign {
                    self.confirm_resign = false;
                } else if !self.premove.is_empty() {
                    self.premove.clear();
                } else {
                    self.turn = PartialTurn::default();
                }
            }
            Action::Cursor(p) => self.cursor = Some(p),
            Action::EngineMove { epoch, text, score } => {
                if epoch == self.epoch && self.engine_to_move() && self.view.is_none() {
                    self.engine_move(&text, score);
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
            // Against the computer a game over stays over.
            Action::Undo if self.mode.engine().is_some() && self.outcome().is_some() => {}
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::OfferDraw => self.offer_draw(),
            Action::AcceptDraw => {
                if self.draw_answerable() && self.game.agree_draw().is_ok() {
                    self.draw_offer = None;
                    self.pass_notice();
                    self.changed();
                }
            }
            Action::DeclineDraw => {
                if self.draw_answerable() {
                    self.draw_offer = None;
                    self.notice = Some(Notice::new("draw.declined", Vec::new()));
                }
            }
            Action::Resign => {
                if self.outcome().is_none() {
                    self.confirm_resign = true;
                }
            }
            Action::Confirm => self.confirm(),
            Action::CancelDialog => {
                self.confirm_resign = false;
                self.rematch_offer = false;
                // An offer not yet passed on (its side has not moved) is withdrawn.
                if self.draw_offer == Some(self.game.position().turn()) {
                    self.draw_offer = None;
                }
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
            Action::Open(opened) => self.open(*opened),
            Action::View(ply) => {
                self.view = ply.filter(|&p| p < self.game.moves().len());
                self.turn = PartialTurn::default();
                if self.notice.as_ref().is_some_and(|n| n.key == "browse.board") {
                    self.notice = None;
                }
            }
            Action::Notify(n) => self.notice = n,
            Action::Expire(n) => {
                if self.notice.as_ref() == Some(&n) {
                    self.notice = None;
                }
            }
            Action::EngineFailed(why) => {
                self.engine_error = Some(why);
                self.hint_pending = false;
            }
            Action::OpenRoom(t) => self.open_room(*t),
            // Only a room takes these.
            Action::Remote(_) | Action::Presence(_) | Action::Rename(_) | Action::SeatKey(_) => {}
            Action::SetClock(control) => self.set_clock(control),
            // The clocks' business (`apply_at`).
            Action::Tick => {}
        }
    }

    /// A press on the board's point `p`: a step of the turn being put
    /// together, or the turn played.
    fn press(&mut self, p: Point) {
        self.cursor = Some(p);
        if let Some(ply) = self.view {
            // The board shows an earlier position: say how back.
            let n = self.game.moves().len();
            let args = vec![ply.to_string(), n.to_string()];
            self.notice = Some(Notice::new("browse.board", args));
            return;
        }
        if self.takes_premove() {
            return self.queue_premove(p);
        }
        if !self.accepts_input() {
            return;
        }
        self.press_turn(p);
    }

    /// A press of the turn being put together: true unless it means
    /// nothing there.
    fn press_turn(&mut self, p: Point) -> bool {
        let legal = self.game.legal_moves();
        match self.turn.press(p, self.game.position(), &legal) {
            Press::Play(m) => {
                self.play(m);
                self.acted();
            }
            Press::Continue(t) => self.turn = t,
            Press::Ignore => return false,
        }
        true
    }

    /// A press while the computer thinks: kept for after its move (a
    /// press on a point already kept drops them all).
    fn queue_premove(&mut self, p: Point) {
        if self.premove.contains(&p) {
            self.premove.clear();
        } else if self.premove.len() < MAX_PREMOVE {
            self.premove.push(p);
        }
    }

    /// Plays the presses kept while the computer thought, now that it is
    /// the person's turn: a turn played, or one begun, else none and a
    /// notice that they were dropped.
    fn play_premove(&mut self, presses: Vec<Point>) {
        if presses.is_empty() || !self.accepts_input() {
            return;
        }
        let before = self.game.moves().len();
        for p in presses {
            if self.game.moves().len() > before {
                break;
            }
            if !self.press_turn(p) {
                self.turn = PartialTurn::default();
                self.notice = Some(Notice::new("notice.premove-dropped", Vec::new()));
                return;
            }
        }
    }

    /// The computer's move `text`, with its score: played, unless the
    /// computer takes the person's draw offer instead.
    fn engine_move(&mut self, text: &str, score: Option<i32>) {
        let Ok(m) = self.game.position().parse_move(text) else {
            return;
        };
        self.engine_score = score;
        let premove = std::mem::take(&mut self.premove);
        let answer = self.engine_answers_draw(score);
        if answer != Some(true) {
            self.play(m);
            if m.is_pass() {
                self.notice = Some(Notice::new("notice.engine-passed", Vec::new()));
            }
            self.play_premove(premove);
        }
        if answer == Some(false) {
            self.notice = Some(Notice::new("draw.engine_declines", Vec::new()));
        }
    }

    /// A draw offered on one's own turn; against the computer also while
    /// it thinks (it answers with its move).
    fn offer_draw(&mut self) {
        let computer_down = self.mode.engine().is_some() && self.engine_error.is_some();
        let own_turn = self.accepts_input() || self.engine_to_move();
        if self.outcome().is_none() && self.draw_offer.is_none() && own_turn && !computer_down {
            self.draw_offer = Some(self.acting_side());
        }
    }

    /// The resignation asked for, confirmed.
    fn confirm(&mut self) {
        if self.confirm_resign {
            self.confirm_resign = false;
            let side = self.acting_side();
            if self.game.resign(side).is_ok() {
                self.draw_offer = None;
                // What was said of the game's last moment (a draw declined)
                // is over with it.
                self.notice = self.notice.take().filter(Notice::lasting);
                self.changed();
            }
        }
    }

    /// A game opened from a link or a save.
    fn open(&mut self, o: Opened) {
        self.start(o.game, o.mode);
        self.redo = o.redo.into_iter().rev().collect();
        // Another game, not a rematch: the score starts again, unless the
        // game brings its own (a reload).
        self.tally = o
            .score
            .map(|s| Tally::restored(self.pairing(), s))
            .unwrap_or_default();
    }

    /// A room put on the table whole (opened here, or another tab's newer state).
    fn open_room(&mut self, t: Model) {
        let epoch = self.epoch;
        let engine_error = self.engine_error.take();
        let replaced = self.replaced.wrapping_add(1);
        let tally = std::mem::take(&mut self.tally);
        *self = t;
        // The same room again (another tab's newer state): its score stays.
        if tally.pairing.as_ref() == Some(&self.pairing()) {
            self.tally = tally;
        }
        self.epoch = epoch;
        self.replaced = replaced;
        self.engine_error = engine_error;
        self.changed();
    }

    /// Whether a draw offer waits for the side to move at this table: the
    /// side that offered has moved since (the computer answers by itself).
    fn draw_answerable(&self) -> bool {
        self.mode.engine().is_none() && self.draw_offer == Some(!self.game.position().turn())
    }

    /// The computer's answer to the person's draw offer, given with its
    /// move scored `score`: `Some(true)` if it took the draw, `Some(false)`
    /// if it plays on, `None` if no offer waited.
    fn engine_answers_draw(&mut self, score: Option<i32>) -> Option<bool> {
        let engine = self.mode.engine()?;
        if self.draw_offer != Some(!engine) {
            return None;
        }
        self.draw_offer = None;
        let accepts = score.is_some_and(|s| engine_accepts_draw(self.game.position(), engine, s));
        if accepts && self.game.agree_draw().is_ok() {
            self.notice = Some(Notice::new("draw.engine_accepts", Vec::new()));
            self.changed();
            return Some(true);
        }
        Some(false)
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
    use morris_core::{Bitboard, Color, Point, Reason, Rules, Variant};

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
    fn a_hot_seat_draw_offer_goes_with_the_move_to_the_opponent() {
        let mut t = Model::default();
        t.apply(Action::OfferDraw);
        assert_eq!(t.draw_offer, Some(Color::Light));
        // Light cannot answer its own offer; its move passes it on.
        t.apply(Action::AcceptDraw);
        t.apply(Action::DeclineDraw);
        assert_eq!(t.draw_offer, Some(Color::Light));
        press(&mut t, "a1");
        assert_eq!(
            t.draw_offer,
            Some(Color::Light),
            "the offer outlives the offering side's move"
        );
        assert_eq!(t.notice, None);
        // Dark moves on instead of answering: that declines, and says so.
        press(&mut t, "b2");
        assert_eq!(t.draw_offer, None);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("draw.refused"));
        // Offered, withdrawn before moving.
        t.apply(Action::OfferDraw);
        t.apply(Action::CancelDialog);
        assert_eq!(t.draw_offer, None);
        // Offered and declined.
        t.apply(Action::OfferDraw);
        press(&mut t, "d1");
        assert_eq!(t.notice, None, "the last notice went with the move");
        t.apply(Action::DeclineDraw);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("draw.declined"));
        // Offered and accepted by the other side.
        t.apply(Action::OfferDraw);
        assert_eq!(t.draw_offer, Some(Color::Dark));
        press(&mut t, "d2");
        t.apply(Action::AcceptDraw);
        assert_eq!(t.outcome().map(|o| o.reason), Some(Reason::Agreement));
    }

    #[test]
    fn notices_go_with_the_next_move_or_their_time_but_warnings_stay() {
        let mut t = Model::default();
        let copied = Notice::new("record.copied", Vec::new());
        t.apply(Action::Notify(Some(copied.clone())));
        press(&mut t, "a1");
        assert_eq!(t.notice, None);
        t.apply(Action::Notify(Some(copied.clone())));
        t.apply(Action::Expire(Notice::new("room.copied", Vec::new())));
        assert_eq!(
            t.notice,
            Some(copied.clone()),
            "another notice's time leaves this one"
        );
        t.apply(Action::Expire(copied));
        assert_eq!(t.notice, None);
        let failed = Notice::new("save.failed", Vec::new());
        t.apply(Action::Notify(Some(failed.clone())));
        press(&mut t, "b2");
        t.apply(Action::NewGame {
            rules: Rules::default(),
            mode: Mode::default(),
        });
        assert_eq!(t.notice, Some(failed), "saving fails until it works again");
    }

    fn vs_engine(level: u8) -> Model {
        Model::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level,
                human: Color::Light,
            },
        )
    }

    fn engine_plays(t: &mut Model, text: &str, score: i32) {
        t.apply(Action::EngineMove {
            epoch: t.epoch,
            text: text.into(),
            score: Some(score),
        });
    }

    #[test]
    fn the_computer_answers_a_draw_offer_with_its_move_and_not_at_the_start() {
        // The report: level 10 took a draw at the second turn.
        let mut t = vs_engine(10);
        press(&mut t, "d2");
        engine_plays(&mut t, "b4", -4);
        t.apply(Action::OfferDraw);
        assert!(t.outcome().is_none(), "no answer before the computer's turn");
        assert_eq!(t.draw_offer, Some(Color::Light));
        press(&mut t, "f4");
        engine_plays(&mut t, "d6", 0);
        assert!(t.outcome().is_none(), "level at the start is no draw");
        assert_eq!(t.game.moves().len(), 4, "the computer played on");
        assert_eq!(t.draw_offer, None);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("draw.engine_declines"));
        // A piece behind while placing, it takes the draw.
        t.apply(Action::OfferDraw);
        press(&mut t, "a1");
        engine_plays(&mut t, "g7", -130);
        assert_eq!(t.outcome().map(|o| o.reason), Some(Reason::Agreement));
        assert_eq!(t.game.moves().len(), 5, "its move is not played");
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("draw.engine_accepts"));
    }

    #[test]
    fn after_the_placing_the_computer_takes_a_draw_when_not_better() {
        // Light to move; the computer plays dark, which the tables call lost.
        let pos: Position = match "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -".parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        };
        let mode = Mode::VsEngine {
            level: 1,
            human: Color::Light,
        };
        let mut t = Model::new(Game::from_position(pos), mode);
        let m = t.game.legal_moves()[0];
        t.apply(Action::OfferDraw);
        t.play(m);
        let reply = t.game.position().notation(t.game.legal_moves()[0]);
        let mut ahead = t.clone();
        engine_plays(&mut ahead, &reply, 12);
        assert!(ahead.outcome().is_none());
        engine_plays(&mut t, &reply, -100_000);
        assert_eq!(t.outcome().map(|o| o.reason), Some(Reason::Agreement));
    }

    #[test]
    fn a_press_while_the_computer_thinks_is_played_after_its_move() {
        let mut t = vs_engine(10);
        press(&mut t, "d2");
        assert!(t.engine_to_move());
        // Kept, shown, and dropped again by a press on it or by Escape.
        press(&mut t, "f4");
        assert_eq!(t.premove, [p(&t, "f4")]);
        press(&mut t, "f4");
        assert!(t.premove.is_empty(), "a press on the premove cancels it");
        press(&mut t, "f4");
        t.apply(Action::Cancel);
        assert!(t.premove.is_empty(), "Escape cancels it");
        // Played as soon as the computer has moved.
        press(&mut t, "f4");
        engine_plays(&mut t, "b4", 0);
        assert_eq!(t.game.move_texts(), ["d2", "b4", "f4"]);
        assert!(t.premove.is_empty() && t.engine_to_move());
        // The computer takes the point: dropped, and said.
        press(&mut t, "d6");
        engine_plays(&mut t, "d6", 0);
        assert_eq!(t.game.move_texts(), ["d2", "b4", "f4", "d6"]);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("notice.premove-dropped"));
        assert!(t.accepts_input() && t.premove.is_empty());
        // A take-back while it thinks drops the premove with the search.
        press(&mut t, "a1");
        press(&mut t, "g7");
        t.apply(Action::Undo);
        assert!(t.premove.is_empty() && t.accepts_input());
    }

    #[test]
    fn a_game_lost_to_the_computer_is_not_taken_back() {
        let mut t = vs_engine(3);
        press(&mut t, "d2");
        engine_plays(&mut t, "b4", 0);
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        assert!(t.outcome().is_some());
        t.apply(Action::Undo);
        assert!(t.outcome().is_some(), "the resignation stands");
        assert_eq!(t.game.moves().len(), 2);
        // Between two people at one screen a take-back reopens it.
        let mut t = Model::default();
        press(&mut t, "d2");
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        t.apply(Action::Undo);
        assert!(t.outcome().is_none());
    }

    #[test]
    fn a_resignation_takes_the_last_moment_s_notice_with_it() {
        let mut t = vs_engine(3);
        press(&mut t, "d2");
        t.apply(Action::OfferDraw);
        engine_plays(&mut t, "b4", 0);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("draw.engine_declines"));
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        assert!(t.outcome().is_some());
        assert_eq!(
            t.notice, None,
            "no \"The computer declines the draw\" beside the resignation"
        );
    }

    #[test]
    fn clicking_the_board_while_browsing_says_how_to_go_back() {
        let mut t = Model::default();
        press(&mut t, "a1");
        press(&mut t, "b2");
        t.apply(Action::View(Some(1)));
        press(&mut t, "d1");
        assert_eq!(t.game.moves().len(), 2);
        let n = t.notice.clone();
        assert_eq!(n.as_ref().map(|n| n.key), Some("browse.board"));
        assert_eq!(n.map(|n| n.args), Some(vec!["1".to_string(), "2".to_string()]));
        t.apply(Action::View(None));
        assert_eq!(t.notice, None, "back at the game, the notice has done its work");
        press(&mut t, "d1");
        assert_eq!(t.game.moves().len(), 3);
    }

    #[test]
    fn the_score_follows_the_seats_across_rematches_and_starts_again_with_another_game() {
        let mut t = Model::default();
        assert_eq!(t.score().games, 0);
        // Light (bottom) resigns: the top seat leads.
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        assert_eq!(t.score().halves, [0, 2]);
        t.apply(Action::Rematch);
        t.apply(Action::AcceptRematch);
        assert_eq!(t.mode.bottom(), Color::Dark);
        assert_eq!(t.score().halves, [0, 2], "the score stays with the seats");
        // A draw: half each.
        t.apply(Action::OfferDraw);
        press(&mut t, "a1");
        t.apply(Action::AcceptDraw);
        assert_eq!(t.score().halves, [1, 3]);
        // A take-back reopens the game: it no longer counts.
        t.apply(Action::Undo);
        assert_eq!(t.score().halves, [0, 2]);
        t.apply(Action::Redo);
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        // A new game with the same rules at this screen goes on counting.
        t.apply(Action::NewGame {
            rules: Rules::default(),
            mode: Mode::default(),
        });
        assert_eq!(t.score().games, 2);
        // Against the computer it starts again.
        t.apply(Action::NewGame {
            rules: Rules::default(),
            mode: Mode::VsEngine {
                level: 3,
                human: Color::Light,
            },
        });
        assert_eq!(t.score().games, 0);
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

    fn world(text: &str, mode: Mode) -> Model {
        let pos: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{text}: {e}"),
        };
        Model::new(Game::from_position(pos), mode)
    }

    const BLOCKED: &str = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";

    #[test]
    fn a_blocked_player_passes_with_the_button_and_the_computer_by_itself() {
        let mut t = world(&format!("nine:blocked=pass {BLOCKED}"), Mode::default());
        assert!(t.pass_due());
        assert_eq!(t.hints(), Default::default(), "no point to press");
        press(&mut t, "a1");
        assert!(t.game.moves().is_empty());
        t.apply(Action::Pass);
        assert_eq!(t.game.move_texts(), ["pass"]);
        assert_eq!(t.game.position().turn(), Color::Dark);
        assert!(!t.pass_due(), "dark has moves");
        t.apply(Action::Pass);
        assert_eq!(t.game.moves().len(), 1, "a pass is refused where moves exist");
        // The computer, blocked, passes with its move and says so.
        let mode = Mode::VsEngine {
            level: 1,
            human: Color::Dark,
        };
        let mut t = world(&format!("nine:blocked=pass {BLOCKED}"), mode);
        assert!(!t.pass_due(), "not the person's turn");
        t.apply(Action::EngineMove {
            epoch: t.epoch,
            text: "pass".into(),
            score: Some(0),
        });
        assert_eq!(t.game.move_texts(), ["pass"]);
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("notice.engine-passed"));
    }

    #[test]
    fn a_hint_to_pass_or_to_remove_is_kept_until_the_turn_is_played() {
        let mut t = world(&format!("nine:blocked=pass {BLOCKED}"), Mode::default());
        t.apply(Action::AskHint);
        assert!(t.hint_pending);
        t.apply(Action::Suggestion {
            epoch: t.epoch,
            text: "pass".into(),
        });
        assert_eq!(t.suggestion, Some(Move::PASS), "the Pass button shows it");
        t.apply(Action::Pass);
        assert_eq!(t.suggestion, None, "played: the hint goes");
        let mut t = world(&format!("nine:blocked=remove-move {BLOCKED}"), Mode::default());
        t.apply(Action::AskHint);
        t.apply(Action::Suggestion {
            epoch: t.epoch,
            text: "xd7".into(),
        });
        assert_eq!(
            t.suggestion.map(|m| m.removals()),
            Some(Bitboard::from_point(p(&t, "d7")))
        );
    }

    #[test]
    fn a_turn_that_only_removes_is_a_press_on_a_red_piece() {
        let mut t = world(&format!("nine:blocked=remove-move {BLOCKED}"), Mode::default());
        let red = t.hints().removable;
        assert_eq!(red.count(), 4);
        assert!(red.contains(p(&t, "d7")) && !red.contains(p(&t, "a7")));
        press(&mut t, "d7");
        assert_eq!(t.game.move_texts(), ["xd7"]);
        // Remove, then move: light is to move again, and now can.
        assert_eq!(t.game.position().turn(), Color::Light);
        press(&mut t, "a7");
        press(&mut t, "d7");
        assert_eq!(t.game.move_texts(), ["xd7", "a7-d7"]);
    }

    #[test]
    fn a_mill_that_takes_from_the_hand_says_so() {
        let mut t = Model::new(Game::new(Variant::Dooz.rules()), Mode::default());
        for s in ["a7", "a1", "d7", "d1"] {
            press(&mut t, s);
        }
        assert_eq!(t.notice, None);
        press(&mut t, "g7");
        assert_eq!(
            t.game.position().in_hand(Color::Dark),
            9,
            "12 - 2 placed - 1 taken"
        );
        assert_eq!(t.notice.as_ref().map(|n| n.key), Some("notice.hand-taken"));
        press(&mut t, "b2");
        assert_eq!(t.notice, None, "the notice goes with the next turn");
    }
}

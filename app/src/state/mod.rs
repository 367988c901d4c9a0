//! The table's state as a reducer: the game, who sits where, the turn being
//! put together, offers and confirmations. Components render a [`Table`]
//! and send [`Action`]s; nothing here touches the browser, so every rule of
//! the game flow is tested natively.

use std::rc::Rc;

use morris_core::{Color, Game, Move, Outcome, Point, Position, Reason, Rules};
use yew::Reducible;

use crate::link::{self, Declared, Mode, Opened};
use crate::room::{self, Room};
use morris_board::{Hints, PartialTurn, Press};

/// A message for the player, as a catalogue key and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub key: &'static str,
    pub args: Vec<String>,
}

impl Notice {
    pub fn new(key: &'static str, args: Vec<String>) -> Notice {
        Notice { key, args }
    }
}

/// Everything on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub game: Game,
    pub mode: Mode,
    /// Turns taken back, the next to redo last.
    pub redo: Vec<Move>,
    pub turn: PartialTurn,
    /// Browsing the move list: the ply shown (0 = the start).
    pub view: Option<usize>,
    /// A pending draw offer, by the side that made it.
    pub draw_offer: Option<Color>,
    /// A pending rematch offer (between two people).
    pub rematch_offer: bool,
    pub confirm_resign: bool,
    /// Bumped whenever the game changes: answers from the engine carry the
    /// number they were asked under, and stale ones are dropped.
    pub epoch: u32,
    /// The engine's suggestion for the side to move.
    pub suggestion: Option<Move>,
    pub hint_pending: bool,
    /// The engine's last evaluation, from its own side, in hundredths of a piece.
    pub engine_score: Option<i32>,
    pub cursor: Option<Point>,
    pub notice: Option<Notice>,
    /// Why the computer is unavailable (its worker could not start or
    /// broke): it neither moves nor gives hints; two people still play.
    pub engine_error: Option<String>,
    /// The room, when the other player is a friend far away: this
    /// browser's side sits at the bottom and only its turns are taken here.
    pub room: Option<Room>,
}

/// What a player or the engine does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A click, tap, drop or Enter on a point.
    Press(Point),
    /// Escape: drop the turn being put together.
    Cancel,
    Cursor(Point),
    /// The engine's move (in notation) for the game as it was at `epoch`.
    EngineMove {
        epoch: u32,
        text: String,
        score: Option<i32>,
    },
    /// The engine's suggestion for the player.
    Suggestion {
        epoch: u32,
        text: String,
    },
    AskHint,
    Undo,
    Redo,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Resign,
    Confirm,
    CancelDialog,
    Rematch,
    AcceptRematch,
    NewGame {
        rules: Rules,
        mode: Mode,
    },
    /// A game from a link, a paste or the saved game.
    Open(Box<Opened>),
    View(Option<usize>),
    Notify(Option<Notice>),
    /// The computer's worker could not start or broke, and why.
    EngineFailed(String),
    /// Opens a room: a new one hosted here, or one joined or kept.
    OpenRoom(Box<Table>),
    /// A room from the friend (a link or a live message), checked.
    Remote(Box<room::Shared>),
    /// This side's name in the room.
    Rename(String),
}

impl Default for Table {
    fn default() -> Self {
        Table::new(Game::new(Rules::default()), Mode::default())
    }
}

impl Table {
    pub fn new(game: Game, mode: Mode) -> Table {
        Table {
            game,
            mode,
            redo: Vec::new(),
            turn: PartialTurn::default(),
            view: None,
            draw_offer: None,
            rematch_offer: false,
            confirm_resign: false,
            epoch: 0,
            suggestion: None,
            hint_pending: false,
            engine_score: None,
            cursor: None,
            notice: None,
            engine_error: None,
            room: None,
        }
    }

    pub fn from_opened(o: Opened) -> Table {
        let mut t = Table::new(o.game, o.mode);
        t.redo = o.redo.into_iter().rev().collect();
        t
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The end the players declared, if that is how the game ended.
    pub fn declared(&self) -> Option<Declared> {
        match self.outcome()? {
            Outcome {
                reason: Reason::Agreement,
                ..
            } => Some(Declared::Agreed),
            Outcome {
                reason: Reason::Resignation,
                winner: Some(w),
            } => Some(Declared::Resigned(!w)),
            _ => None,
        }
    }

    /// The position on the board: the live one, or the one browsed to.
    pub fn shown(&self) -> &Position {
        let all = self.game.positions();
        self.view
            .and_then(|ply| all.get(ply))
            .unwrap_or_else(|| self.game.position())
    }

    /// The ply of the shown position.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.moves().len())
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        let ply = self.shown_ply();
        ply.checked_sub(1).and_then(|i| self.game.moves().get(i).copied())
    }

    /// Whether the computer is to move now.
    pub fn engine_to_move(&self) -> bool {
        self.outcome().is_none() && self.mode.engine() == Some(self.game.position().turn())
    }

    /// Whether the person at the screen may put a turn together now.
    pub fn accepts_input(&self) -> bool {
        self.view.is_none()
            && self.outcome().is_none()
            && !self.engine_to_move()
            && !self.confirm_resign
            && !self.remote_to_move()
    }

    /// Whether the friend far away is to move now.
    pub fn remote_to_move(&self) -> bool {
        self.outcome().is_none()
            && self
                .room
                .as_ref()
                .is_some_and(|r| r.remote_color() == self.game.position().turn())
    }

    /// The legal moves the board offers now (none when it takes no input).
    pub fn offered_moves(&self) -> Vec<Move> {
        if self.accepts_input() {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    pub fn hints(&self) -> Hints {
        self.turn.hints(self.game.position(), &self.offered_moves())
    }

    /// The link (and saved form) of this table.
    pub fn link(&self) -> String {
        let redo: Vec<Move> = self.redo.iter().rev().copied().collect();
        link::format(self.mode, &self.game, &redo, self.declared())
    }

    /// The side that acts on the buttons: in hot-seat the side to move,
    /// against the computer the person.
    pub fn acting_side(&self) -> Color {
        if let Some(r) = &self.room {
            return r.my_color();
        }
        match self.mode {
            Mode::TwoPlayers { .. } => self.game.position().turn(),
            Mode::VsEngine { human, .. } => human,
        }
    }

    fn changed(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        self.turn = PartialTurn::default();
        self.suggestion = None;
        self.hint_pending = false;
        self.view = None;
    }

    /// Counts an action of this side in the room, if there is one.
    fn acted(&mut self) {
        if let Some(r) = self.room.as_mut() {
            r.acted();
        }
    }

    /// Plays the friend's turn (already checked); false if it is illegal.
    pub(crate) fn play_remote(&mut self, m: Move) -> bool {
        let before = self.game.moves().len();
        self.play(m);
        self.game.moves().len() > before
    }

    /// Starts the room's next game (a rematch), keeping the room.
    pub(crate) fn start_room_game(&mut self, room: Room) {
        let start = Game::new(*self.game.rules());
        self.start(start, room.mode());
        self.room = Some(room);
    }

    fn play(&mut self, m: Move) {
        if self.game.play(m).is_ok() {
            // Redo survives only when the same turn is played again.
            if self.redo.last() == Some(&m) {
                self.redo.pop();
            } else {
                self.redo.clear();
            }
            // A move instead of an answer refuses a draw offer.
            if self
                .draw_offer
                .is_some_and(|by| by != !self.game.position().turn())
            {
                self.notice = Some(Notice::new("draw.refused", Vec::new()));
            }
            self.draw_offer = None;
            self.changed();
        }
    }

    fn undo(&mut self) {
        let Some(m) = self.game.undo() else { return };
        self.redo.push(m);
        // Against the computer take back to the person's own turn.
        if let Mode::VsEngine { human, .. } = self.mode {
            while self.game.position().turn() != human {
                match self.game.undo() {
                    Some(m) => self.redo.push(m),
                    None => break,
                }
            }
        }
        self.draw_offer = None;
        self.changed();
    }

    fn redo(&mut self) {
        let Some(m) = self.redo.pop() else { return };
        if self.game.play(m).is_err() {
            self.redo.clear();
            return;
        }
        if let Mode::VsEngine { human, .. } = self.mode {
            while self.game.position().turn() != human && self.game.outcome().is_none() {
                match self.redo.pop() {
                    Some(m) if self.game.play(m).is_ok() => {}
                    _ => break,
                }
            }
        }
        self.changed();
    }

    fn start(&mut self, game: Game, mode: Mode) {
        let epoch = self.epoch;
        let cursor = self.cursor;
        let engine_error = self.engine_error.take();
        *self = Table::new(game, mode);
        self.epoch = epoch;
        // The worker stays broken for the page's life.
        self.engine_error = engine_error;
        if cursor.is_some_and(|p| p.index() < self.game.position().geometry().len()) {
            self.cursor = cursor;
        }
        self.changed();
    }

    /// The computer's view of a draw: it accepts when its evaluation says
    /// the game is level or worse for it.
    fn engine_accepts_draw(&self, engine: Color) -> bool {
        match self.engine_score {
            Some(score) => score <= 0,
            None => {
                let pos = self.game.position();
                pos.material(engine) <= pos.material(!engine)
            }
        }
    }

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
            Action::Remote(shared) => match room::merge(self, &shared) {
                Ok(room::Merged::Updated(next)) => *self = *next,
                Ok(room::Merged::Stale) => {
                    // A link that only carries a connection offer or
                    // answer is not worth a word.
                    if shared.by_link && shared.signal.is_none() {
                        self.notice = Some(Notice::new("room.stale", Vec::new()));
                    }
                }
                Err(why) => self.notice = Some(Notice::new("room.refused", vec![why.to_string()])),
            },
            Action::Rename(name) => {
                let name = room::clean_name(&name);
                if room.name(room.me) != name {
                    self.with_room(|r| r.names[r.me.index()] = name);
                    self.acted();
                }
            }
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
                *self = *t;
                self.epoch = epoch;
                self.engine_error = engine_error;
                self.changed();
            }
            // Only a room takes these.
            Action::Remote(_) | Action::Rename(_) => {}
        }
    }

    /// Colours swap; the rules stay, so the side that opens is now the
    /// other player: the one who did not open the last game.
    fn rematch(&mut self) {
        let start = Game::from_position(Position::new(*self.game.rules()));
        self.start(start, self.mode.swapped());
    }
}

impl Reducible for Table {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Variant;

    fn p(t: &Table, s: &str) -> Point {
        match t.game.position().geometry().parse_point(s) {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        }
    }

    fn press(t: &mut Table, s: &str) {
        let pt = p(t, s);
        t.apply(Action::Press(pt));
    }

    #[test]
    fn hot_seat_mill_and_removal() {
        let mut t = Table::default();
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
        let mut t = Table::default();
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
        let mut t = Table::default();
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
        let mut t = Table::new(
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
        let mut t = Table::default();
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
        let mut t = Table::new(
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
        let mut t = Table::new(Game::new(Variant::Three.rules()), Mode::default());
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
        let mut t = Table::default();
        for s in ["a1", "b2", "d1"] {
            press(&mut t, s);
        }
        t.apply(Action::Undo);
        let Ok(o) = link::parse(&t.link()) else {
            unreachable!()
        };
        let back = Table::from_opened(o);
        assert_eq!(back.game, t.game);
        assert_eq!(back.redo, t.redo);
    }
}

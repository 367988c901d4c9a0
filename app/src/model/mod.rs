//! The model of the table as a reducer: the game, who sits where, the turn being
//! put together, offers and confirmations. Components render a [`Model`]
//! and send [`Action`]s; nothing here touches the browser, so every rule of
//! the game flow is tested natively.

mod clocked;
mod draw;
mod reducer;
pub mod room;
mod tally;

use morris_board::{Hints, PartialTurn};
use morris_core::{Color, Game, Move, Outcome, Point, Position, Reason, Rules};

use crate::clock::{Clocks, TimeControl};
use crate::link::{self, Declared, Mode, Opened};
use crate::room::{Room, Shared};
pub use draw::engine_accepts_draw;
pub use tally::{pairing, Pairing, Score, Tally};

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

    /// Whether the notice warns of a lasting state the player must not
    /// miss (saving fails, a save kept aside): it stays until dismissed.
    /// Every other notice belongs to its moment: it goes with the next
    /// move or new game, or after a few seconds (`use_notice_expiry`).
    pub fn lasting(&self) -> bool {
        self.key.starts_with("save.") && !matches!(self.key, "save.kept" | "save.other-tab")
    }
}

/// Everything on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub game: Game,
    pub mode: Mode,
    /// Turns taken back, the next to redo last.
    pub redo: Vec<Move>,
    pub turn: PartialTurn,
    /// Presses made while the computer thinks (at most a turn's worth):
    /// played as a turn once it has moved, if they make a legal one.
    pub premove: Vec<Point>,
    /// Browsing the move list: the ply shown (0 = the start).
    pub view: Option<usize>,
    /// A pending draw offer, by the side that made it. At one table the
    /// offer is made on one's own turn and stays while that side moves; the
    /// other side answers at its turn (a move instead of an answer declines),
    /// the computer with its move.
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
    /// Bumped whenever another game takes the table's place (a new game, a
    /// link, a paste, a rematch, a room): saving keeps an unfinished game
    /// it replaces.
    pub replaced: u32,
    /// The players' clocks, if the game is played on time.
    pub clock: Option<Clocks>,
    /// The friend far away is gone ([`Presence::Lost`], or
    /// [`Presence::Left`] with a goodbye) and not heard from since: their
    /// clock does not run on this page (`clocked`), and the room's bar
    /// says which.
    pub friend_away: Option<Presence>,
    /// The games of this pairing that ended before the one on the table.
    pub tally: Tally,
}

/// What the live channel tells of the friend in the room on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// They left the room (said so over the channel before closing it).
    Left,
    /// The channel closed, or stayed silent, with no word from them (a
    /// closed tab, a lost network): the connection to them is lost.
    Lost,
    /// The channel opened again after they left or were lost: they are back.
    Back,
}

/// What a player or the engine does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A click, tap, drop or Enter on a point.
    Press(Point),
    /// Escape: drop the turn being put together.
    Cancel,
    /// The side to move has no move and passes (docs/RULES.md §7.4
    /// `blocked=pass`): the only legal turn, played from the Pass button.
    Pass,
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
    OpenRoom(Box<Model>),
    /// A room from the friend (a link or a live message), checked.
    Remote(Box<Shared>),
    /// The friend came back or left (the live channel says so).
    Presence(Presence),
    /// This side's name in the room.
    Rename(String),
    /// This side's public key in the room (what its rooms are signed
    /// with), so that a friend who knows another one is noticed.
    SeatKey(String),
    /// Clocks for the game just started (none: no clocks).
    SetClock(Option<TimeControl>),
    /// Time passes: a clock that has run out ends the game
    /// ([`Model::apply_at`]).
    Tick,
    /// A notice's time is up: it goes if it is still the one shown.
    Expire(Notice),
}

impl Default for Model {
    fn default() -> Self {
        Model::new(Game::new(Rules::default()), Mode::default())
    }
}

impl Model {
    pub fn new(game: Game, mode: Mode) -> Model {
        Model {
            game,
            mode,
            redo: Vec::new(),
            turn: PartialTurn::default(),
            premove: Vec::new(),
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
            replaced: 0,
            clock: None,
            friend_away: None,
            tally: Tally::default(),
        }
    }

    pub fn from_opened(o: Opened) -> Model {
        let mut t = Model::new(o.game, o.mode);
        t.redo = o.redo.into_iter().rev().collect();
        // Clocks at one screen only (a room keeps its own); they run again
        // from the page's first action (`use_clock` makes one as the page
        // loads).
        t.clock = o.clock.map(|(c, left)| crate::clock::Clocks::with_left(c, left));
        if let Some(score) = o.score {
            t.tally = Tally::restored(t.pairing(), score);
        }
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
            Outcome {
                reason: Reason::Time,
                winner: Some(w),
            } => Some(Declared::Flagged(!w)),
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

    /// Whether a press now is kept as a premove: the computer thinks, on
    /// the live position.
    pub fn takes_premove(&self) -> bool {
        self.view.is_none() && self.engine_to_move() && !self.confirm_resign && self.engine_error.is_none()
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

    /// Whether the person at the screen must pass now: passing is the
    /// only legal turn.
    pub fn pass_due(&self) -> bool {
        self.offered_moves() == [Move::PASS]
    }

    pub fn hints(&self) -> Hints {
        self.turn.hints(self.game.position(), &self.offered_moves())
    }

    /// The link (and saved form) of this game.
    pub fn link(&self) -> String {
        let redo: Vec<Move> = self.redo.iter().rev().copied().collect();
        let text = link::format(self.mode, &self.game, &redo, self.declared());
        // The clocks and the score of a game at one screen go with it.
        let clock = self
            .clock
            .as_ref()
            .filter(|_| self.room.is_none())
            .map(|c| (c.control, c.left));
        let t = &self.tally;
        let score = t.pairing.is_some().then_some([t.wins[0], t.wins[1], t.draws]);
        text + &link::extras(clock, score.filter(|_| self.room.is_none()))
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
        self.premove.clear();
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
        let tally = self.tally_so_far();
        self.start(start, room.mode());
        self.room = Some(room);
        self.carry_tally(tally);
    }

    fn play(&mut self, m: Move) {
        let mover = self.game.position().turn();
        let hand_before = self.game.position().in_hand(!mover);
        if self.game.play(m).is_ok() {
            // Redo survives only when the same turn is played again.
            if self.redo.last() == Some(&m) {
                self.redo.pop();
            } else {
                self.redo.clear();
            }
            self.pass_notice();
            // A mill that takes from the hand (docs/RULES.md §7.2, Dooz)
            // changes nothing on the board: say so. A placement only ever
            // empties the mover's own hand.
            if self.game.position().in_hand(!mover) < hand_before {
                self.notice = Some(Notice::new("notice.hand-taken", Vec::new()));
            }
            // A move instead of an answer refuses a draw offer; the side
            // that offered moves on with its offer standing.
            if self.draw_offer.is_some_and(|by| by != mover) {
                self.draw_offer = None;
                self.notice = Some(Notice::new("draw.refused", Vec::new()));
            }
            self.changed();
        }
    }

    /// The notice of the moment goes when the next thing happens.
    fn pass_notice(&mut self) {
        if !self.notice.as_ref().is_some_and(Notice::lasting) {
            self.notice = None;
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
        let replaced = self.replaced.wrapping_add(1);
        // A rematch (or a new game until it says otherwise) keeps the clocks' settings.
        let control = self.clock.as_ref().map(|c| c.control);
        let tally = self.tally_so_far();
        let lasting = self.notice.take().filter(Notice::lasting);
        *self = Model::new(game, mode);
        self.clock = control.map(Clocks::new);
        self.epoch = epoch;
        self.replaced = replaced;
        self.notice = lasting;
        // The worker stays broken for the page's life.
        self.engine_error = engine_error;
        if cursor.is_some_and(|p| p.index() < self.game.position().geometry().len()) {
            self.cursor = cursor;
        }
        self.carry_tally(tally);
        self.changed();
    }

    /// This table's pairing: what stays the same across rematches.
    pub fn pairing(&self) -> Pairing {
        pairing(
            *self.game.rules(),
            self.mode,
            self.room.as_ref().map(|r| r.code.as_str()),
        )
    }

    /// The tally with the game on the table counted, if it is over.
    fn tally_so_far(&self) -> Tally {
        let mut tally = self.tally.clone();
        if let Some(o) = self.outcome() {
            if tally.pairing.as_ref() != Some(&self.pairing()) {
                tally = Tally::default();
            }
            tally.add(o.winner, self.mode.bottom());
            tally.pairing = Some(self.pairing());
        }
        tally
    }

    /// Keeps `tally` if this table is still the same pairing.
    fn carry_tally(&mut self, tally: Tally) {
        if tally.pairing.as_ref() == Some(&self.pairing()) {
            self.tally = tally;
        }
    }

    /// The score across rematches, with the game on the table once over.
    pub fn score(&self) -> Score {
        let current = self.outcome().map(|o| o.winner);
        if self.tally.pairing.as_ref() == Some(&self.pairing()) {
            self.tally.score(current, self.mode.bottom())
        } else {
            Tally::default().score(current, self.mode.bottom())
        }
    }
}

//! A validated position: the pieces, the hands, the side to move and the
//! counters the draw rules need, under one set of rules.
//!
//! Positions are small `Copy` values; playing a move makes a new one, so a
//! game takes moves back by keeping the positions it passed through.

use crate::{zobrist, Bitboard, ByColor, Color, Geometry, Move, Outcome, Point, Reason, Rules};

/// What a side does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pieces in hand: place one (or, with `move-in-placing`, move).
    Placing,
    /// Slide a piece along a line.
    Moving,
    /// Three pieces left with flying on: move to any empty point.
    Flying,
}

impl Phase {
    pub const fn id(self) -> &'static str {
        match self {
            Phase::Placing => "placing",
            Phase::Moving => "moving",
            Phase::Flying => "flying",
        }
    }
}

/// A turn that only removes, which the rules of docs/RULES.md §7 make
/// due: the mill count (§7.2), a full board (§7.3), the opponent's answer
/// to a blocked player's removal (§7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Due {
    /// Remove this many opposing pieces.
    Opposing(u8),
    /// Remove this many of one's own pieces.
    Own(u8),
    /// Remove one opposing piece that stands next to one of one's own,
    /// with no protection.
    NextTo,
}

impl Due {
    /// The code of a due removal turn in the position key, `1..64`; 0
    /// for none.
    pub(crate) fn code(d: Option<Due>) -> usize {
        match d {
            None => 0,
            Some(Due::NextTo) => 1,
            Some(Due::Opposing(n)) => 2 + (n as usize).min(30),
            Some(Due::Own(n)) => 33 + (n as usize).min(30),
        }
    }
}

/// A position of a mill game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) pieces: ByColor<Bitboard>,
    pub(crate) in_hand: ByColor<u8>,
    pub(crate) turn: Color,
    /// Whether the rules use none of the §7 options (the fast paths apply).
    pub(crate) classic: bool,
    pub(crate) quiet_plies: u16,
    pub(crate) endgame_plies: u16,
    pub(crate) ban: ByColor<Option<(Point, Point)>>,
    /// Dead markers (§7.2 `placing-mill=mark`): no piece, no place.
    pub(crate) markers: Bitboard,
    /// The lines each side has completed (§7.5), as bits of mill indices.
    pub(crate) used: ByColor<u32>,
    /// The removal-only turns due, the side to move's first; the sides
    /// alternate, and after the last the other side plays.
    pub(crate) pending: [Option<Due>; 2],
    pub(crate) key: u64,
}

impl Position {
    /// The empty board at the start of a game under `rules`.
    pub fn new(rules: Rules) -> Position {
        let hand = ByColor::new(rules.pieces, rules.pieces);
        Position::from_parts_unchecked(rules, ByColor::default(), hand, rules.first)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.rules.geometry()
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The pieces of one side on the board.
    #[inline]
    pub fn pieces(&self, c: Color) -> Bitboard {
        self.pieces[c]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces.light | self.pieces.dark
    }

    /// The points a piece may be placed on or moved to: no piece and no marker.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        self.geometry().all().minus(self.occupied()).minus(self.markers)
    }

    /// The dead markers on the board (§7.2 `placing-mill=mark`).
    #[inline]
    pub fn markers(&self) -> Bitboard {
        self.markers
    }

    /// The mill lines `c` has completed, as bits of indices into
    /// [`Geometry::mills`] (§7.5 `one-time-mill`; empty otherwise).
    pub fn used_lines(&self, c: Color) -> u32 {
        self.used[c]
    }

    /// The removal-only turn the side to move must make now, if any.
    pub fn due(&self) -> Option<Due> {
        self.pending[0]
    }

    /// The removal-only turns due, the side to move's first, then the
    /// other side's.
    pub fn pending(&self) -> [Option<Due>; 2] {
        self.pending
    }

    /// Whose piece stands on `p`.
    pub fn piece_at(&self, p: Point) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.pieces[c].contains(p))
    }

    #[inline]
    pub fn in_hand(&self, c: Color) -> u8 {
        self.in_hand[c]
    }

    /// Placements left in the game, both sides' hands together: 0 once
    /// the placing phase is over.
    #[inline]
    pub fn placements_left(&self) -> u8 {
        self.in_hand[Color::Light] + self.in_hand[Color::Dark]
    }

    /// Pieces on the board plus pieces in hand.
    #[inline]
    pub fn material(&self, c: Color) -> u32 {
        self.pieces[c].count() + self.in_hand[c] as u32
    }

    /// Pieces this side has lost.
    pub fn removed(&self, c: Color) -> u32 {
        (self.rules.pieces as u32).saturating_sub(self.material(c))
    }

    /// Turns made after the placing since the last mill (the n-move rule).
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// Turns made with both sides on three pieces (the endgame rule).
    pub fn endgame_plies(&self) -> u16 {
        self.endgame_plies
    }

    /// The slide `(from, to)` that `c` may not make on its next turn if it
    /// closes a mill (the re-forming rule).
    pub fn reform_ban(&self, c: Color) -> Option<(Point, Point)> {
        self.ban[c]
    }

    /// Whether either side has a re-forming ban pending (something the
    /// history-free solved game does not know).
    pub fn ban_pending(&self) -> bool {
        self.ban[Color::Light].is_some() || self.ban[Color::Dark].is_some()
    }

    /// The key of the pieces, the hands and the side to move: equal for
    /// positions the repetition rule counts as the same.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// [`Position::key`] plus the re-forming bans, which change the legal
    /// moves: the key for a transposition table.
    pub fn full_key(&self) -> u64 {
        let mut k = self.key;
        for c in Color::ALL {
            if let Some((_, to)) = self.ban[c] {
                k ^= zobrist::KEYS.ban[c.index()][to.index()];
            }
        }
        k
    }

    /// A position with these pieces, hands and side to move and no history
    /// (counters at zero, no re-forming ban), for code that makes positions
    /// by construction many millions of times, such as the table solver's
    /// indexing, where [`Setup::position`](crate::Setup::position) would
    /// cost too much. Only what keeps the position safe to use is enforced:
    /// pieces off the board are dropped, a point both sides claim is
    /// light's, hands are capped. Whether the position can arise in a game
    /// is the caller's business.
    #[inline]
    pub fn from_parts_unchecked(
        rules: Rules,
        pieces: ByColor<Bitboard>,
        in_hand: ByColor<u8>,
        turn: Color,
    ) -> Position {
        let board = rules.geometry().all();
        let light = pieces[Color::Light] & board;
        let dark = (pieces[Color::Dark] & board).minus(light);
        let cap = |n: u8| n.min(zobrist::MAX_HAND as u8);
        let mut pos = Position {
            rules,
            pieces: ByColor::new(light, dark),
            in_hand: ByColor::new(cap(in_hand[Color::Light]), cap(in_hand[Color::Dark])),
            turn,
            classic: rules.classic(),
            quiet_plies: 0,
            endgame_plies: 0,
            ban: ByColor::default(),
            markers: Bitboard::EMPTY,
            used: ByColor::default(),
            pending: [None; 2],
            key: 0,
        };
        if !pos.classic {
            pos.settle_full();
        }
        pos.key = pos.compute_key();
        pos
    }

    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for c in Color::ALL {
            for p in self.pieces[c] {
                k ^= zobrist::piece(c, p);
            }
            k ^= zobrist::hand(c, self.in_hand[c]);
        }
        if self.turn == Color::Dark {
            k ^= zobrist::KEYS.dark_to_move;
        }
        if !self.classic {
            k ^= zobrist::world(self.markers, self.used, self.pending.map(Due::code));
        }
        k
    }

    /// What `c` does on its turn.
    #[inline]
    pub fn phase(&self, c: Color) -> Phase {
        if self.in_hand[c] > 0 {
            Phase::Placing
        } else if self.can_fly(c) {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// Whether `c` may fly: flying is on, `c` has none in hand, and
    /// exactly three pieces (or, by `flying=four`, four or fewer; by
    /// `flying=always`, any number).
    #[inline]
    pub fn can_fly(&self, c: Color) -> bool {
        self.rules.flying
            && self.in_hand[c] == 0
            && match self.rules.fly_at {
                crate::FlyAt::Three => self.pieces[c].count() == 3,
                crate::FlyAt::Four => self.pieces[c].count() <= 4,
                crate::FlyAt::Always => true,
            }
    }

    /// The opposing pieces a single removal by the side to move may take
    /// now. Empty where removal is off or mills win outright.
    pub fn removable(&self) -> Bitboard {
        if self.rules.mill_wins {
            return Bitboard::EMPTY;
        }
        self.rules
            .removal
            .removable(self.geometry(), self.pieces[!self.turn])
    }

    /// The history-free ends that need no move generation: a standing mill
    /// where mills win, or fewer than three pieces.
    #[inline]
    fn decided_by_material(&self) -> Option<Outcome> {
        let (us, them) = (self.turn, !self.turn);
        if self.rules.mill_wins {
            let geo = self.geometry();
            // The side that just moved is checked first: its mill ended the game.
            for c in [them, us] {
                if geo.in_mills(self.pieces[c]).any() {
                    return Some(Outcome::win(c, Reason::MillWins));
                }
            }
        }
        for c in [us, them] {
            if self.material(c) < 3 {
                let winner = if self.rules.misere { c } else { !c };
                return Some(Outcome::win(winner, Reason::FewerThanThree));
            }
        }
        None
    }

    /// The end of the game by the rules that need no history: a mill that
    /// wins outright, fewer than three pieces, blocked, board full.
    pub fn terminal(&self) -> Option<Outcome> {
        if let Some(o) = self.decided_by_material() {
            return Some(o);
        }
        if !self.classic {
            return self.world_terminal();
        }
        if !self.has_any_move() {
            let them = !self.turn;
            if self.empty().is_empty() {
                return Some(match self.rules.board_full {
                    crate::BoardFull::SideToMoveLoses => Outcome::win(them, Reason::BoardFull),
                    _ => Outcome::draw(Reason::BoardFull),
                });
            }
            return Some(Outcome::win(them, Reason::Blocked));
        }
        None
    }

    /// The end of the game by every rule a position alone decides:
    /// [`Position::terminal`] plus the n-move and endgame counters.
    /// Repetition needs the game's history (see [`crate::Game::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.terminal().or_else(|| {
            let over = |limit: Option<u16>, plies: u16| limit.is_some_and(|n| plies >= 2 * n);
            if over(self.rules.n_move_rule, self.quiet_plies) {
                Some(Outcome::draw(Reason::NMoveRule))
            } else if over(self.rules.endgame_draw, self.endgame_plies) {
                Some(Outcome::draw(Reason::EndgameRule))
            } else {
                None
            }
        })
    }

    /// Every legal turn; none when the game is over by [`Position::terminal`].
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.generate(&mut out);
        out
    }

    /// Appends every legal turn to `out`.
    pub fn generate(&self, out: &mut Vec<Move>) {
        // A blocked side simply has no moves to generate.
        if self.decided_by_material().is_none() {
            self.generate_unchecked(out);
        }
    }

    /// How many legal turns there are, without building them: what perft
    /// counts at its last ply.
    pub fn count_moves(&self) -> u64 {
        if self.decided_by_material().is_some() {
            return 0;
        }
        self.count_unchecked()
    }

    /// Whether `m` is a legal turn here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// The position after `m`, which must be legal (see [`Position::is_legal`];
    /// [`crate::Game::play`] checks it). An illegal move gives a position
    /// the rules cannot reach, never a panic.
    pub fn play(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_in_place(m);
        next
    }

    pub(crate) fn play_in_place(&mut self, m: Move) {
        if !self.classic {
            return self.world_play(m);
        }
        let geo = self.geometry();
        let (us, them) = (self.turn, !self.turn);
        let after_placing = self.in_hand.light == 0 && self.in_hand.dark == 0;
        let both_on_three = after_placing && self.pieces.light.count() == 3 && self.pieces.dark.count() == 3;
        let to = m.to();
        match m.from() {
            None => {
                let h = self.in_hand[us];
                self.in_hand[us] = h.saturating_sub(1);
                self.key ^= zobrist::hand(us, h) ^ zobrist::hand(us, self.in_hand[us]);
            }
            Some(from) => {
                self.pieces[us] = self.pieces[us].without(from);
                self.key ^= zobrist::piece(us, from);
            }
        }
        self.pieces[us] = self.pieces[us].with(to);
        self.key ^= zobrist::piece(us, to);
        let closed = geo.closes_mill(self.pieces[us], to);
        for r in m.removals() {
            if self.pieces[them].contains(r) {
                self.pieces[them] = self.pieces[them].without(r);
                self.key ^= zobrist::piece(them, r);
                // A ban on a piece just taken can never apply; dropping it
                // keeps the position writable and its full key canonical.
                if self.ban[them].is_some_and(|(from, _)| from == r) {
                    self.ban[them] = None;
                }
            }
        }
        self.ban[us] = match m.from() {
            Some(from) if self.rules.no_reform && closed => Some((to, from)),
            _ => None,
        };
        self.quiet_plies = if after_placing && !closed {
            self.quiet_plies.saturating_add(1)
        } else {
            0
        };
        self.endgame_plies = if both_on_three && !closed {
            self.endgame_plies.saturating_add(1)
        } else {
            0
        };
        self.turn = them;
        self.key ^= zobrist::KEYS.dark_to_move;
    }
}

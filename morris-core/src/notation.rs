//! Move notation (docs/RULES.md §5): `d6`, `d6-d5`, `d6xb4`, `d6-d5xb4xe4`.
//!
//! Reading a move has two steps with two error types, as in chess
//! libraries: [`MoveText`] is what the text says, checked for syntax only
//! ([`ParseMoveError`]); [`Position::resolve`] finds the legal turn it names
//! or says why there is none ([`IllegalMoveError`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Bitboard, Color, Coord, Move, Phase, Point, Position};

/// The most removals one turn can name (a mill count of docs/RULES.md §7.2
/// may take this many; a classic turn takes at most four).
const MAX_REMOVALS: usize = 12;
/// The longest move text read: a move with [`MAX_REMOVALS`] removals.
const MAX_TOKEN: usize = 48;

/// What kind of turn a move text names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnKind {
    /// A placement or a move, with its removals (`d6`, `d6-d5xb4`).
    #[default]
    Play,
    /// Removals alone (`xb4`, `xb4xe4`; docs/RULES.md §7.9).
    Remove,
    /// A pass (`pass`, §7.4).
    Pass,
}

/// A move as written, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    pub from: Option<Coord>,
    /// Where the piece goes; [`Coord::ORIGIN`] for a turn that moves none.
    pub to: Coord,
    pub removals: Vec<Coord>,
    pub kind: TurnKind,
}

/// A move that is not written in the notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{token}` is not a move: {problem}")]
pub struct ParseMoveError {
    /// The offending token (cut to a readable length).
    pub token: String,
    pub problem: &'static str,
}

impl ParseMoveError {
    fn new(token: &str, problem: &'static str) -> Self {
        ParseMoveError {
            token: token.chars().take(MAX_TOKEN).collect(),
            problem,
        }
    }
}

fn coord(token: &str, part: &str) -> Result<Coord, ParseMoveError> {
    part.parse().map_err(|_| {
        ParseMoveError::new(
            token,
            "write points as a file letter and a rank, like d6, d6-d5 or d6-d5xb4",
        )
    })
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let token = s.trim();
        if token.is_empty() {
            return Err(ParseMoveError::new(s, "it is empty"));
        }
        if !token.is_ascii() || token.len() > MAX_TOKEN {
            return Err(ParseMoveError::new(token, "it holds characters a move never has"));
        }
        let lower = token.to_ascii_lowercase();
        if lower == "pass" {
            return Ok(MoveText {
                from: None,
                to: Coord::ORIGIN,
                removals: Vec::new(),
                kind: TurnKind::Pass,
            });
        }
        if lower == "x" {
            return Err(ParseMoveError::new(token, "a removal names a point, like xb4"));
        }
        let mut parts = lower.split('x');
        let head = parts.next().unwrap_or_default();
        let (from, to, kind) = if head.is_empty() {
            (None, Coord::ORIGIN, TurnKind::Remove)
        } else {
            match head.split_once(['-', ':']) {
                Some((f, t)) => (Some(coord(token, f)?), coord(token, t)?, TurnKind::Play),
                None => (None, coord(token, head)?, TurnKind::Play),
            }
        };
        let removals = parts.map(|r| coord(token, r)).collect::<Result<Vec<_>, _>>()?;
        if removals.len() > MAX_REMOVALS {
            return Err(ParseMoveError::new(token, "no turn removes that many pieces"));
        }
        if kind == TurnKind::Remove && removals.is_empty() {
            return Err(ParseMoveError::new(token, "a removal names a point, like xb4"));
        }
        Ok(MoveText {
            from,
            to,
            removals,
            kind,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TurnKind::Pass => return f.write_str("pass"),
            TurnKind::Remove => {}
            TurnKind::Play => {
                if let Some(from) = self.from {
                    write!(f, "{from}-")?;
                }
                write!(f, "{}", self.to)?;
            }
        }
        for r in &self.removals {
            write!(f, "x{r}")?;
        }
        Ok(())
    }
}

/// A well-written move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move `{text}`: {reason}")]
pub struct IllegalMoveError {
    /// The move as written.
    pub text: String,
    pub reason: IllegalReason,
}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    #[error("the game is over")]
    GameOver,
    #[error("{0} is not a point of this board")]
    NotOnBoard(Coord),
    #[error("{0} still has pieces in hand and must place one")]
    MustPlace(Color),
    #[error("{0} has no pieces in hand and must move one")]
    MustMove(Color),
    #[error("{0} is not empty")]
    Occupied(Coord),
    #[error("there is no {color} piece on {at}")]
    NoOwnPiece { at: Coord, color: Color },
    #[error("{to} is not next to {from} along a line")]
    NotAdjacent { from: Coord, to: Coord },
    #[error("the piece that just closed a mill may not move straight back to close it again")]
    Reforming,
    #[error("it closes a mill: name the piece to remove, like `{example}`")]
    RemovalMissing { example: String },
    #[error("it removes {written} piece(s) but earns {due}")]
    WrongRemovalCount { written: usize, due: usize },
    #[error("it closes no mill, so it removes nothing")]
    NoMill,
    #[error("{0} is not an opposing piece that may be removed")]
    NotRemovable(Coord),
    #[error("a point is named twice among the removals")]
    DuplicateRemoval,
    #[error("it is not a legal turn here")]
    NotLegal,
    #[error("no turn that only removes is due here")]
    NoRemovalDue,
    #[error("a turn that only removes is due here: name the piece(s), like `{example}`")]
    RemovalDue { example: String },
    #[error("nobody may pass here")]
    NoPass,
}

/// Any reason a move text cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

impl Position {
    /// The notation of `m`, removals in an order in which each is legal
    /// (captures without a mill first, docs/RULES.md §7.9).
    pub fn notation(&self, m: Move) -> String {
        let geo = self.geometry();
        let mut s = String::with_capacity(12);
        if m.is_pass() {
            return "pass".to_string();
        }
        let order = if m.is_play() {
            if let Some(from) = m.from() {
                s.push_str(&geo.coord(from).to_string());
                s.push('-');
            }
            s.push_str(&geo.coord(m.to()).to_string());
            let captured = if self.classic {
                Bitboard::EMPTY
            } else {
                self.captured_by(m)
            };
            let mut order: Vec<Point> = captured.iter().collect();
            let theirs = self.pieces(!self.turn()).minus(captured);
            order.extend(self.removal_order(m.removals().minus(captured), theirs, self.rules().removal));
            order
        } else {
            let (pool, rule) = self.removal_pool();
            self.removal_order(m.removals(), pool, rule)
        };
        for r in order {
            s.push('x');
            s.push_str(&geo.coord(r).to_string());
        }
        s
    }

    /// A line of play in notation, each turn written in the position it is
    /// played from; it stops at the first turn that is not legal there.
    pub fn line_notation(&self, moves: &[Move]) -> Vec<String> {
        let mut pos = *self;
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            if !pos.is_legal(m) {
                break;
            }
            out.push(pos.notation(m));
            pos = pos.play(m);
        }
        out
    }

    /// The removals of a turn, in an order in which each is legal when
    /// made, taken from `theirs` under `rule`.
    fn removal_order(&self, set: Bitboard, mut theirs: Bitboard, rule: crate::Removal) -> Vec<Point> {
        let geo = self.geometry();
        let mut left = set;
        let mut order = Vec::with_capacity(set.count() as usize);
        while left.any() {
            let allowed = rule.removable(geo, theirs) & left;
            let Some(p) = allowed.first().or(left.first()) else {
                break;
            };
            order.push(p);
            left = left.without(p);
            theirs = theirs.without(p);
        }
        order
    }

    /// Parses and resolves a move in one step.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mt: MoveText = text.parse()?;
        Ok(self.resolve(&mt)?)
    }

    /// The legal turn that `mt` names, or the reason there is none.
    pub fn resolve(&self, mt: &MoveText) -> Result<Move, IllegalMoveError> {
        let fail = |reason| IllegalMoveError {
            text: mt.to_string(),
            reason,
        };
        let geo = self.geometry();
        let point = |c: Coord| geo.point_at(c).ok_or_else(|| fail(IllegalReason::NotOnBoard(c)));
        let to = point(mt.to)?;
        let from = mt.from.map(point).transpose()?;
        let mut removals = Bitboard::EMPTY;
        for &c in &mt.removals {
            let p = point(c)?;
            if removals.contains(p) {
                return Err(fail(IllegalReason::DuplicateRemoval));
            }
            removals = removals.with(p);
        }
        if self.terminal().is_some() {
            return Err(fail(IllegalReason::GameOver));
        }
        let legal = self.legal_moves();
        let wanted = match mt.kind {
            TurnKind::Pass => Move::PASS,
            TurnKind::Remove => Move::remove(removals),
            TurnKind::Play => match from {
                None => Move::place(to),
                Some(f) => Move::slide(f, to),
            }
            .with_removals(removals),
        };
        if legal.contains(&wanted) {
            return Ok(wanted);
        }
        let reason = match mt.kind {
            _ if legal.first().is_some_and(|m| m.is_removal_only()) => {
                let example = legal.first().map(|&m| self.notation(m)).unwrap_or_default();
                match mt.kind {
                    TurnKind::Remove => {
                        IllegalReason::NotRemovable(mt.removals.first().copied().unwrap_or(Coord::ORIGIN))
                    }
                    _ => IllegalReason::RemovalDue { example },
                }
            }
            TurnKind::Remove => IllegalReason::NoRemovalDue,
            TurnKind::Pass => IllegalReason::NoPass,
            TurnKind::Play if legal.contains(&Move::PASS) => IllegalReason::NotLegal,
            TurnKind::Play => self.diagnose(from, to, removals, &legal),
        };
        Err(fail(reason))
    }

    /// Why the turn `(from, to, removals)` is not among `legal`.
    fn diagnose(&self, from: Option<Point>, to: Point, removals: Bitboard, legal: &[Move]) -> IllegalReason {
        let geo = self.geometry();
        let us = self.turn();
        let name = |p: Point| geo.coord(p);
        match (from, self.phase(us)) {
            (Some(_), Phase::Placing) if !self.rules().move_in_placing => {
                return IllegalReason::MustPlace(us)
            }
            (None, Phase::Moving | Phase::Flying) => return IllegalReason::MustMove(us),
            _ => {}
        }
        if let Some(f) = from {
            if !self.pieces(us).contains(f) {
                return IllegalReason::NoOwnPiece {
                    at: name(f),
                    color: us,
                };
            }
        }
        if self.occupied().contains(to) {
            return IllegalReason::Occupied(name(to));
        }
        let same_action: Vec<&Move> = legal
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        let Some(first) = same_action.first() else {
            return match from {
                Some(f) if !geo.adjacent(f).contains(to) && !self.can_fly(us) => IllegalReason::NotAdjacent {
                    from: name(f),
                    to: name(to),
                },
                Some(f) if self.reform_ban(us) == Some((f, to)) => IllegalReason::Reforming,
                _ => IllegalReason::NotLegal,
            };
        };
        let due = first.removals().count() as usize;
        let written = removals.count() as usize;
        if due == 0 {
            // A mill that takes nothing (removal off, or no opposing piece
            // on the board) still closes a mill: the removal is what's wrong.
            let own = from.map_or(self.pieces(us), |f| self.pieces(us).without(f));
            return match removals.first() {
                Some(r) if geo.closes_mill(own.with(to), to) => IllegalReason::NotRemovable(name(r)),
                _ => IllegalReason::NoMill,
            };
        }
        if written == 0 {
            let mut example = String::new();
            if let Some(f) = from {
                example.push_str(&format!("{}-", name(f)));
            }
            example.push_str(&name(to).to_string());
            for r in first.removals() {
                example.push_str(&format!("x{}", name(r)));
            }
            return IllegalReason::RemovalMissing { example };
        }
        if written != due {
            return IllegalReason::WrongRemovalCount { written, due };
        }
        let allowed = same_action
            .iter()
            .fold(Bitboard::EMPTY, |acc, m| acc | m.removals());
        let bad = removals.minus(allowed).first().or(removals.first());
        IllegalReason::NotRemovable(bad.map_or(crate::Coord::ORIGIN, name))
    }
}

/// A list of turns as written in a game's move text, before it is played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnList {
    pub turns: Vec<MoveText>,
    /// For each turn, how many of its removals were written as tokens of
    /// their own (`d6-d5 xb4`): each may instead be a turn that only
    /// removes, which the position decides (docs/RULES.md §7.9).
    pub split: Vec<usize>,
    /// A result token (`1-0`, `0-1`, `1/2-1/2`, `*`) if one was written.
    pub result: Option<String>,
}

/// A move text that cannot be split into turns.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnListError {
    #[error("turn {ply}: {source}")]
    Syntax { ply: usize, source: ParseMoveError },
    #[error("`{0}` is a removal with no move before it to belong to")]
    StrayRemoval(String),
    #[error("more than {0} turns")]
    TooManyTurns(usize),
}

/// The results a move text may end with.
pub const RESULT_TOKENS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// `d6` from `12.d6`, nothing from `12.` or `12...`, any other token unchanged.
fn strip_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

/// Splits move text into turns, as other mill programs write it too: move
/// numbers (`1.`, `12...`, `3.d6`) are skipped, a removal written as its own
/// token (`d6-d5 xb4`) joins the turn before it, and a result token is
/// kept aside. At most `max_turns` turns are read.
pub fn parse_turns(text: &str, max_turns: usize) -> Result<TurnList, TurnListError> {
    let mut list = TurnList::default();
    for raw in text.split_whitespace() {
        let token = strip_move_number(raw);
        if token.is_empty() {
            continue;
        }
        if RESULT_TOKENS.contains(&token) {
            list.result = Some(token.to_string());
            continue;
        }
        // A single removal joins a placement or move before it; a token
        // of several removals is a turn that only removes (§7.9).
        let joins = list.turns.last().is_some_and(|t| t.kind == TurnKind::Play);
        let single = token.get(1..).is_some_and(|rest| !rest.contains(['x', 'X']));
        if let (true, true, Some(point)) = (joins, single, token.strip_prefix(['x', 'X'])) {
            let ply = list.turns.len();
            let Some(last) = list.turns.last_mut() else {
                return Err(TurnListError::StrayRemoval(token.chars().take(16).collect()));
            };
            let coord: Coord = point.parse().map_err(|_| TurnListError::Syntax {
                ply,
                source: ParseMoveError::new(token, "a removal names a point, like xb4"),
            })?;
            if last.removals.len() >= MAX_REMOVALS {
                return Err(TurnListError::Syntax {
                    ply,
                    source: ParseMoveError::new(token, "no turn removes that many pieces"),
                });
            }
            last.removals.push(coord);
            if let Some(n) = list.split.last_mut() {
                *n += 1;
            }
            continue;
        }
        if list.turns.len() >= max_turns {
            return Err(TurnListError::TooManyTurns(max_turns));
        }
        let mt = token.parse().map_err(|source| TurnListError::Syntax {
            ply: list.turns.len() + 1,
            source,
        })?;
        list.turns.push(mt);
        list.split.push(0);
    }
    Ok(list)
}

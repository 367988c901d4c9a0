//! Game records: PGN-style tags, then the turns in notation (docs/RULES.md §5).
//!
//! ```text
//! [Variant "nine"]
//! [MillTakes "each"]
//! [Result "*"]
//!
//! 1. d6 a4 2. d5 b4 *
//! ```
//! Writing gives one tag per rule option that differs from the variant,
//! `[Position "…"]` when the game did not start from the empty board,
//! `[Termination "time forfeit"]` for a game lost on time, and the result. Reading also accepts what other mill programs write: move
//! numbers or none, a removal as its own token (`d6-d5 xb4`), comments in
//! braces, and a Sanmill FEN in a `[FEN "…"]` tag.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::notation::{parse_turns, MoveError, ParseMoveError, TurnList, TurnListError};
use crate::{from_sanmill_fen, Game, Move, PositionTextError, RuleError, RuleKey, SanmillFenError, Variant};

/// The longest record read, in bytes.
pub const MAX_RECORD_LEN: usize = 1 << 20;
/// The most turns a record may hold.
pub const MAX_RECORD_TURNS: usize = 20_000;

/// The PGN `[Termination]` value of a game lost on time.
const TIME_FORFEIT: &str = "time forfeit";

/// A game with its tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags other than the ones the game itself determines (variant, rule
    /// options, position, result): players, event, date, …
    pub tags: Vec<(String, String)>,
    pub game: Game,
}

/// A record that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("record is longer than {MAX_RECORD_LEN} bytes")]
    TooLong,
    #[error("record has more than {MAX_RECORD_TURNS} turns")]
    TooManyTurns,
    #[error("bad tag {0}")]
    Tag(String),
    #[error("tag {tag}: {source}")]
    Variant {
        tag: String,
        source: crate::ParseVariantError,
    },
    #[error("tag {tag}: {source}")]
    Rule { tag: String, source: RuleError },
    #[error("tag Position: {0}")]
    Position(#[from] PositionTextError),
    #[error("tag FEN: {0}")]
    Fen(#[from] SanmillFenError),
    #[error("turn {ply}: {source}")]
    Syntax { ply: usize, source: ParseMoveError },
    #[error("turn {ply}: {source}")]
    Move { ply: usize, source: MoveError },
    #[error("`{0}` comes before any move it could belong to")]
    StrayRemoval(String),
    #[error("the record says {stated} but the moves end {actual}")]
    ResultMismatch { stated: String, actual: String },
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let rules = game.rules();
        writeln!(f, "[Variant \"{}\"]", rules.variant.id())?;
        for (key, value) in rules.changes() {
            writeln!(f, "[{} \"{}\"]", key.tag(), value)?;
        }
        if *game.start() != crate::Position::new(*rules) {
            writeln!(f, "[Position \"{}\"]", game.start())?;
        }
        for (k, v) in &self.tags {
            writeln!(f, "[{} \"{}\"]", k, quote(v))?;
        }
        let outcome = game.outcome();
        if outcome.is_some_and(|o| o.reason == crate::Reason::Time) {
            writeln!(f, "[Termination \"{TIME_FORFEIT}\"]")?;
        }
        let result = outcome.map_or("*", |o| o.result());
        writeln!(f, "[Result \"{result}\"]")?;
        writeln!(f)?;
        let mut line = String::new();
        for (i, text) in game.move_texts().iter().enumerate() {
            if i % 2 == 0 {
                line.push_str(&format!("{}. ", i / 2 + 1));
            }
            line.push_str(text);
            line.push(' ');
        }
        line.push_str(result);
        writeln!(f, "{line}")
    }
}

/// Splits a file of records, written one after the other (as `morris
/// match --records` writes them), into the text of each game.
///
/// A game starts at a tag (`[`) that follows move text. The scan reads
/// the text the way [`Record`]'s parser does: a `[` inside a quoted tag
/// value or a `{…}` comment starts nothing, so a tag value or a comment
/// that spans lines stays with its game. The pieces are slices of `text`
/// and together are all of it, in order: the whitespace between two games
/// stays with the first of them. A text of whitespace only gives no game.
pub fn split_records(text: &str) -> Vec<&str> {
    #[derive(Clone, Copy, PartialEq)]
    enum In {
        Top,
        Tag,
        Value,
        Escape,
        Comment,
    }
    let mut games = Vec::new();
    let mut start = 0;
    let mut state = In::Top;
    let mut moves_seen = false;
    for (i, c) in text.char_indices() {
        state = match (state, c) {
            (In::Top, '[') => {
                if moves_seen {
                    games.push(&text[start..i]);
                    start = i;
                    moves_seen = false;
                }
                In::Tag
            }
            (In::Top, '{') => In::Comment,
            (In::Top, c) => {
                moves_seen |= !c.is_whitespace();
                In::Top
            }
            (In::Tag, '"') => In::Value,
            (In::Tag, ']') => In::Top,
            (In::Value, '\\') => In::Escape,
            (In::Value, '"') => In::Tag,
            (In::Escape, _) => In::Value,
            (In::Comment, '}') => In::Top,
            (s, _) => s,
        };
    }
    if !text[start..].trim().is_empty() {
        games.push(&text[start..]);
    }
    games
}

/// Splits the tag section from the move text; returns the tags in order.
fn read_tags(text: &str) -> Result<(Vec<(String, String)>, String), RecordError> {
    let mut tags = Vec::new();
    let mut moves = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '[' => {
                let mut name = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        name.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if name.is_empty() || chars.next() != Some('"') {
                    return Err(RecordError::Tag(format!(
                        "[{name}…: write tags as [Name \"value\"]"
                    )));
                }
                let mut value = String::new();
                loop {
                    match chars.next() {
                        Some('\\') => value.extend(chars.next()),
                        Some('"') => break,
                        Some(c) => value.push(c),
                        None => {
                            return Err(RecordError::Tag(format!(
                                "[{name}: the value has no closing quote"
                            )))
                        }
                    }
                }
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if chars.next() != Some(']') {
                    return Err(RecordError::Tag(format!("[{name}: missing ]")));
                }
                tags.push((name, value));
            }
            '{' => {
                // A comment: skipped whole.
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                moves.push(' ');
            }
            c => moves.push(c),
        }
    }
    Ok((tags, moves))
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_LEN {
            return Err(RecordError::TooLong);
        }
        let (all_tags, movetext) = read_tags(text)?;

        let mut rules = Variant::Nine.rules();
        let mut start_text = None;
        let mut fen = None;
        let mut stated = None;
        let mut on_time = false;
        let mut tags = Vec::new();
        for (name, value) in all_tags {
            if name.eq_ignore_ascii_case("Variant") {
                rules = value
                    .parse::<Variant>()
                    .map_err(|source| RecordError::Variant {
                        tag: name.clone(),
                        source,
                    })?
                    .rules();
            } else if name.eq_ignore_ascii_case("Position") {
                start_text = Some(value);
            } else if name.eq_ignore_ascii_case("FEN") {
                fen = Some(value);
            } else if name.eq_ignore_ascii_case("Result") {
                stated = Some(value);
            } else if name.eq_ignore_ascii_case("Termination") && value.eq_ignore_ascii_case(TIME_FORFEIT) {
                on_time = true;
            } else if let Some(key) = RuleKey::from_tag(&name) {
                rules.set(key, &value).map_err(|source| RecordError::Rule {
                    tag: name.clone(),
                    source,
                })?;
            } else {
                tags.push((name, value));
            }
        }
        rules.validate().map_err(|source| RecordError::Rule {
            tag: "Pieces".into(),
            source,
        })?;

        let start = match (start_text, fen) {
            (Some(t), _) => t.parse()?,
            (None, Some(f)) => match f.parse::<crate::Position>() {
                Ok(p) => p,
                Err(_) => from_sanmill_fen(&f, rules)?,
            },
            (None, None) => crate::Position::new(rules),
        };
        let mut game = Game::from_position(start);

        let TurnList {
            turns,
            split,
            result: result_token,
        } = parse_turns(&movetext, MAX_RECORD_TURNS).map_err(|e| match e {
            TurnListError::Syntax { ply, source } => RecordError::Syntax { ply, source },
            TurnListError::StrayRemoval(t) => RecordError::StrayRemoval(t),
            TurnListError::TooManyTurns(_) => RecordError::TooManyTurns,
        })?;

        game.play_turns(&TurnList {
            turns,
            split,
            result: None,
        })
        .map_err(|TurnsError { ply, source }| RecordError::Move { ply, source })?;

        let stated = stated.or(result_token).filter(|r| r != "*");
        let actual = game.outcome();
        match (stated, actual) {
            (Some(s), Some(a)) if s != a.result() => {
                return Err(RecordError::ResultMismatch {
                    stated: s,
                    actual: a.to_string(),
                })
            }
            (Some(s), None) => {
                // A result the moves do not explain was decided by the players.
                let loser = match s.as_str() {
                    "1-0" => Some(crate::Color::Dark),
                    "0-1" => Some(crate::Color::Light),
                    "1/2-1/2" => None,
                    _ => {
                        return Err(RecordError::ResultMismatch {
                            stated: s.chars().take(16).collect(),
                            actual: "with no result".into(),
                        })
                    }
                };
                let done = match loser {
                    Some(c) if on_time => game.flag(c),
                    Some(c) => game.resign(c),
                    None => game.agree_draw(),
                };
                done.map_err(|e| RecordError::ResultMismatch {
                    stated: s,
                    actual: e.0.to_string(),
                })?;
            }
            _ => {}
        }
        Ok(Record { tags, game })
    }
}

/// A turn whose last `split` removals came as tokens of their own, as
/// that turn without them and a turn that only removes for each.
fn unsplit(mt: &crate::MoveText, split: usize) -> Option<(crate::MoveText, Vec<crate::MoveText>)> {
    if split == 0 || mt.kind != crate::TurnKind::Play {
        return None;
    }
    let keep = mt.removals.len().checked_sub(split)?;
    let mut base = mt.clone();
    let rest = base
        .removals
        .split_off(keep)
        .into_iter()
        .map(|r| crate::MoveText {
            from: None,
            to: crate::Coord::ORIGIN,
            removals: vec![r],
            kind: crate::TurnKind::Remove,
        })
        .collect();
    Some((base, rest))
}

/// A turn of a [`TurnList`] that [`Game::play_turns`] could not play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("turn {ply}: {source}")]
pub struct TurnsError {
    /// The turn's number, counted from 1 at the game's position when the
    /// list began (a split removal that is a turn of its own counts as one).
    pub ply: usize,
    pub source: MoveError,
}

impl Game {
    /// Plays the turns of `list` (from [`parse_turns`]) in order. A removal
    /// written as a token of its own (`d6 xb4`) that its turn did not earn
    /// is a turn that only removes (docs/RULES.md §7.9): the position
    /// decides, so that `g4 f4 xf4` reads as a placement that fills the
    /// board and the removal the full board gives the first mover, and
    /// `d5-e5 xc4` as a move and the removal of a player it blocked
    /// (`blocked=remove-move`).
    pub fn play_turns(&mut self, list: &TurnList) -> Result<(), TurnsError> {
        let mut ply = 0;
        for (mt, &split) in list.turns.iter().zip(&list.split) {
            ply += 1;
            let m = self.resolve_turn(mt);
            let m = match (m, unsplit(mt, split)) {
                (Err(e), Some((base, rest))) => match self.resolve_turn(&base) {
                    Ok(first) => {
                        self.play(first).map_err(|e| TurnsError {
                            ply,
                            source: e.into(),
                        })?;
                        let (last, before) = rest.split_last().ok_or(TurnsError { ply, source: e })?;
                        for removal in before {
                            ply += 1;
                            let m = self
                                .resolve_turn(removal)
                                .map_err(|source| TurnsError { ply, source })?;
                            self.play(m).map_err(|e| TurnsError {
                                ply,
                                source: e.into(),
                            })?;
                        }
                        ply += 1;
                        self.resolve_turn(last)
                    }
                    _ => Err(e),
                },
                (m, _) => m,
            };
            let m = m.map_err(|source| TurnsError { ply, source })?;
            self.play(m).map_err(|e| TurnsError {
                ply,
                source: e.into(),
            })?;
        }
        Ok(())
    }

    /// The legal turn `mt` names in the current position, or why none.
    fn resolve_turn(&self, mt: &crate::MoveText) -> Result<Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::Illegal(crate::IllegalMoveError {
                text: mt.to_string(),
                reason: crate::IllegalReason::GameOver,
            }));
        }
        Ok(self.position().resolve(mt)?)
    }
}

impl Game {
    /// The game as a record with no extra tags.
    pub fn record(&self) -> String {
        Record {
            tags: Vec::new(),
            game: self.clone(),
        }
        .to_string()
    }

    /// Reads a record, keeping only the game.
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        Ok(text.parse::<Record>()?.game)
    }
}

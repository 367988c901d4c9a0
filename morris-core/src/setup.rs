//! The position text, and the unvalidated [`Setup`] it parses into.
//!
//! ```text
//! nine:flying=off L.D/.../.../....../.../.../... D 8/8 0/0 -
//! ```
//! Six fields separated by spaces:
//! 1. the rules: a variant id, optionally `:` and the options that differ
//!    from its preset (`key=value`, comma separated);
//! 2. the board, rank by rank from the top, `/` between ranks, each point of
//!    the rank from left to right as `L` (light), `D` (dark) or `.` (empty);
//! 3. the side to move, `L` or `D`;
//! 4. pieces in hand, light's then dark's: `9/9`;
//! 5. the draw counters: turns since the last mill after the placing, then
//!    turns with both sides on three pieces: `0/0`;
//! 6. the re-forming bans, `-` or `L:d6-d5` (the slide light may not make
//!    next turn if it closes a mill), several joined by `,`;
//! 7. only where the rules of docs/RULES.md §7 leave state behind, and then
//!    not empty: `,`-joined items `remove:N`, `remove-own:N`, `remove-next`
//!    (the removal-only turns due, the side to move's first, then the other
//!    side's) and `used:L:a7-d7-g7` (a line light has completed, §7.5).
//!
//! A dead marker (§7.2 `placing-mill=mark`) stands on the board as `X`.
//!
//! Parsing checks the syntax ([`ParsePositionError`]);
//! [`Setup::position`] checks that the pieces add up under the rules
//! ([`PositionError`]). Written positions parse back to the same position.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::position::Due;
use crate::{Bitboard, ByColor, Color, Geometry, Outcome, PlacingMill, Point, Position, Rules};

/// A position as written, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rules: Rules,
    pub pieces: ByColor<Bitboard>,
    pub in_hand: ByColor<u8>,
    pub turn: Color,
    pub quiet_plies: u16,
    pub endgame_plies: u16,
    pub ban: ByColor<Option<(Point, Point)>>,
    /// Dead markers (§7.2 `placing-mill=mark`).
    pub markers: Bitboard,
    /// The lines each side has completed (§7.5), as bits of mill indices.
    pub used: ByColor<u32>,
    /// The removal-only turns due, the side to move's first.
    pub pending: [Option<Due>; 2],
}

/// A position text that is not written as the format says.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position text, {field}: {problem}")]
pub struct ParsePositionError {
    /// Which field is wrong: `rules`, `board`, `side to move`, …
    pub field: &'static str,
    pub problem: String,
}

fn syntax(field: &'static str, problem: impl Into<String>) -> ParsePositionError {
    ParsePositionError {
        field,
        problem: problem.into(),
    }
}

/// A well-written position that the rules cannot have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("a piece stands outside the {0} board")]
    OffBoard(crate::BoardKind),
    #[error("light and dark pieces share a point")]
    SharedPoint,
    #[error("{color} has {on_board} on the board and {in_hand} in hand, more than the {pieces} pieces of the game")]
    TooManyPieces {
        color: Color,
        on_board: u32,
        in_hand: u8,
        pieces: u8,
    },
    #[error("a re-forming ban for {0} is given but the rules have no re-forming rule")]
    BanWithoutRule(Color),
    #[error("the re-forming ban for {color} starts on {from}, where {color} has no piece")]
    BanWithoutPiece { color: Color, from: String },
    #[error("the re-forming ban for {0} is a slide between points that are not neighbours")]
    BanNotASlide(Color),
    #[error("a marker stands on a point with a piece, or outside the board")]
    MarkerMisplaced,
    #[error("markers stand only while the placing lasts, under placing-mill=mark")]
    MarkerWithoutRule,
    #[error("used lines are kept only under one-time-mill=on")]
    UsedWithoutRule,
    #[error("a removal turn is due while the rules make none due")]
    DueWithoutRule,
    /// The side to move owes a removal-only turn that can take nothing
    /// (a game skips such a turn, so none ever stands due).
    #[error("{0} must remove a piece, but there is no piece it may take")]
    DueWithoutTarget(Color),
    /// Fewer than three pieces on the board and in hand: the game ended
    /// before this position (§2.7, also during the placing).
    #[error("{color} has only {pieces} pieces on the board and in hand, fewer than three: the game is already over")]
    FewerThanThree { color: Color, pieces: u32 },
    /// The position is over by another rule a position alone decides
    /// (blocked, a full board, a standing mill that wins, a draw counter).
    #[error("the game is already over here ({})", .0.reason.id())]
    Over(Outcome),
    /// During the placing the sides place in turn, `first` first, so the
    /// hands say whose turn it is.
    #[error("with {light} light and {dark} dark pieces in hand, {turn} cannot be to move: the sides place in turn and {first} places first")]
    HandsOutOfTurn {
        turn: Color,
        first: Color,
        light: u8,
        dark: u8,
    },
    /// `color` has lost pieces, but its opponent has placed fewer than
    /// the three pieces a mill needs.
    #[error("{color} has lost {lost} pieces, but {} has placed only {placed}, too few for a mill", !*color)]
    LostBeforeMill { color: Color, lost: u32, placed: u32 },
    /// `color` has lost pieces under rules that never take one
    /// (`removal=never`, or a mill that wins outright).
    #[error("{color} has lost {lost} pieces, but under these rules no piece is ever taken")]
    LostWithoutRemoval { color: Color, lost: u32 },
}

/// Either kind of error a position text can have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionTextError {
    #[error(transparent)]
    Syntax(#[from] ParsePositionError),
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

impl Setup {
    /// The empty board at the start of a game.
    pub fn start(rules: Rules) -> Setup {
        Position::new(rules).into()
    }

    /// Checks the setup against its rules: the first of the problems a
    /// position text cannot have (see [`Setup::problems`] for every
    /// problem, including those of a position that could not arise).
    pub fn position(&self) -> Result<Position, PositionError> {
        let mut found = Vec::new();
        self.written_problems(&mut found);
        if let Some(first) = found.into_iter().next() {
            return Err(first);
        }
        Ok(self.build())
    }

    /// The problems [`Setup::position`] refuses, in the order it checks
    /// them, all of them.
    pub(crate) fn written_problems(&self, out: &mut Vec<PositionError>) {
        let geo = self.rules.geometry();
        let all = geo.all();
        if self.pieces.light.minus(all).any() || self.pieces.dark.minus(all).any() {
            out.push(PositionError::OffBoard(self.rules.board));
        }
        if (self.pieces.light & self.pieces.dark).any() {
            out.push(PositionError::SharedPoint);
        }
        for c in Color::ALL {
            let on_board = self.pieces[c].count();
            if self.in_hand[c] > self.rules.pieces
                || on_board + self.in_hand[c] as u32 > self.rules.pieces as u32
            {
                out.push(PositionError::TooManyPieces {
                    color: c,
                    on_board,
                    in_hand: self.in_hand[c],
                    pieces: self.rules.pieces,
                });
            }
            if let Some((from, to)) = self.ban[c] {
                if !self.rules.no_reform {
                    out.push(PositionError::BanWithoutRule(c));
                } else if !self.pieces[c].contains(from) {
                    out.push(PositionError::BanWithoutPiece {
                        color: c,
                        from: geo.coord(from).to_string(),
                    });
                } else if from == to || (!geo.adjacent(from).contains(to) && !self.rules.flying) {
                    out.push(PositionError::BanNotASlide(c));
                }
            }
        }
        let classic = self.rules.classic();
        if (self.markers & (self.pieces.light | self.pieces.dark)).any() || self.markers.minus(all).any() {
            out.push(PositionError::MarkerMisplaced);
        }
        let placing = self.in_hand.light > 0 || self.in_hand.dark > 0;
        if self.markers.any() && (self.rules.placing_mill != PlacingMill::Mark || !placing) {
            out.push(PositionError::MarkerWithoutRule);
        }
        let lines = (1u64 << geo.mills().len()) - 1;
        if Color::ALL.into_iter().any(|c| self.used[c] != 0)
            && (!self.rules.one_time_mill
                || Color::ALL
                    .into_iter()
                    .any(|c| u64::from(self.used[c]) & !lines != 0))
        {
            out.push(PositionError::UsedWithoutRule);
        }
        if self.pending[0].is_some() && classic || self.pending[0].is_none() && self.pending[1].is_some() {
            out.push(PositionError::DueWithoutRule);
        }
    }

    /// The position of a setup with no written problem.
    pub(crate) fn build(&self) -> Position {
        let classic = self.rules.classic();
        let mut pos = Position {
            rules: self.rules,
            pieces: self.pieces,
            in_hand: self.in_hand,
            turn: self.turn,
            classic,
            quiet_plies: self.quiet_plies,
            endgame_plies: self.endgame_plies,
            ban: self.ban,
            markers: self.markers,
            used: self.used,
            pending: self.pending,
            key: 0,
        };
        if !classic {
            pos.advance();
        }
        pos.key = pos.compute_key();
        pos
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        Setup {
            rules: p.rules,
            pieces: p.pieces,
            in_hand: p.in_hand,
            turn: p.turn,
            quiet_plies: p.quiet_plies,
            endgame_plies: p.endgame_plies,
            ban: p.ban,
            markers: p.markers,
            used: p.used,
            pending: p.pending,
        }
    }
}

/// Reads one item of the seventh field.
fn read_extra(item: &str, geo: &Geometry, setup: &mut Setup) -> Result<(), ParsePositionError> {
    let bad = || {
        syntax(
            "state",
            format!(
                "expected remove:N, remove-own:N, remove-next or used:L:a7-d7-g7, found `{}`",
                item.chars().take(24).collect::<String>()
            ),
        )
    };
    let count = |n: &str| match n.parse::<u8>() {
        Ok(n @ 1..=30) => Ok(n),
        _ => Err(bad()),
    };
    let due = if item == "remove-next" {
        Some(Due::NextTo)
    } else if let Some(n) = item.strip_prefix("remove-own:") {
        Some(Due::Own(count(n)?))
    } else if let Some(n) = item.strip_prefix("remove:") {
        Some(Due::Opposing(count(n)?))
    } else {
        None
    };
    if let Some(due) = due {
        return match setup.pending {
            [None, _] => {
                setup.pending[0] = Some(due);
                Ok(())
            }
            [Some(_), None] => {
                setup.pending[1] = Some(due);
                Ok(())
            }
            _ => Err(syntax("state", "at most two removal turns are due")),
        };
    }
    let rest = item.strip_prefix("used:").ok_or_else(bad)?;
    let (side, line) = rest.split_once(':').ok_or_else(bad)?;
    let col = match side {
        "L" => Color::Light,
        "D" => Color::Dark,
        _ => return Err(bad()),
    };
    let mut points = Bitboard::EMPTY;
    for name in line.split('-') {
        points = points.with(
            geo.parse_point(name)
                .map_err(|e| syntax("state", e.to_string()))?,
        );
    }
    let index = geo
        .mills()
        .iter()
        .position(|&m| m == points)
        .ok_or_else(|| syntax("state", format!("`{line}` is not a mill line of the board")))?;
    setup.used[col] |= 1 << index;
    Ok(())
}

/// The seventh field's items: removal turns due, then used lines.
fn write_extra(s: &Setup, geo: &Geometry) -> Vec<String> {
    let mut items: Vec<String> = s
        .pending
        .iter()
        .flatten()
        .map(|d| match d {
            Due::Opposing(n) => format!("remove:{n}"),
            Due::Own(n) => format!("remove-own:{n}"),
            Due::NextTo => "remove-next".to_string(),
        })
        .collect();
    for c in Color::ALL {
        for (i, &line) in geo.mills().iter().enumerate() {
            if s.used[c] & (1 << i) != 0 {
                let mut points: Vec<crate::Coord> = line.iter().map(|p| geo.coord(p)).collect();
                points.sort_unstable_by_key(|c| (c.file(), c.rank()));
                let names: Vec<String> = points.iter().map(ToString::to_string).collect();
                items.push(format!("used:{}:{}", c.letter(), names.join("-")));
            }
        }
    }
    items
}

/// The longest position text read (the longest real one is under 200 bytes).
const MAX_TEXT: usize = 1024;

fn pair<T: FromStr>(field: &'static str, s: &str, what: &str) -> Result<(T, T), ParsePositionError> {
    let bad = || {
        syntax(
            field,
            format!(
                "expected {what}, found `{}`",
                s.chars().take(24).collect::<String>()
            ),
        )
    };
    let (a, b) = s.split_once('/').ok_or_else(bad)?;
    Ok((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?))
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        if s.len() > MAX_TEXT {
            return Err(syntax("text", format!("longer than {MAX_TEXT} bytes")));
        }
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return Err(syntax(
                "text",
                format!(
                    "expected 6 fields (rules, board, side to move, in hand, counters, bans), found {}; a 7th (the state of RULES.md §7) may follow",
                    fields.len()
                ),
            ));
        }
        let rules: Rules = fields[0].parse().map_err(|e| syntax("rules", format!("{e}")))?;
        let geo = rules.geometry();

        let ranks = geo.ranks();
        let rows: Vec<&str> = fields[1].split('/').collect();
        if rows.len() != ranks.len() {
            return Err(syntax(
                "board",
                format!(
                    "the {} board has {} ranks, the text has {}",
                    rules.board,
                    ranks.len(),
                    rows.len()
                ),
            ));
        }
        let mut pieces = ByColor::<Bitboard>::default();
        let mut markers = Bitboard::EMPTY;
        for (i, (row, points)) in rows.iter().zip(&ranks).enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != points.len() {
                return Err(syntax(
                    "board",
                    format!(
                        "rank {} from the top has {} points, the text gives {}",
                        i + 1,
                        points.len(),
                        chars.len()
                    ),
                ));
            }
            for (&c, &p) in chars.iter().zip(points) {
                match c {
                    '.' => {}
                    'X' => markers = markers.with(p),
                    _ => match Color::from_letter(c) {
                        Some(col) if c.is_ascii_uppercase() => pieces[col] = pieces[col].with(p),
                        _ => return Err(syntax("board", format!("`{c}` is not L, D, X or ."))),
                    },
                }
            }
        }

        let turn = match fields[2] {
            "L" => Color::Light,
            "D" => Color::Dark,
            other => {
                return Err(syntax(
                    "side to move",
                    format!(
                        "expected L or D, found `{}`",
                        other.chars().take(8).collect::<String>()
                    ),
                ))
            }
        };
        let (hl, hd): (u8, u8) = pair("in hand", fields[3], "two numbers like 9/9")?;
        let (quiet, endgame): (u16, u16) = pair("counters", fields[4], "two numbers like 0/0")?;

        let mut ban: ByColor<Option<(Point, Point)>> = ByColor::default();
        if fields[5] != "-" {
            for item in fields[5].split(',') {
                let bad = || {
                    syntax(
                        "bans",
                        format!(
                            "expected - or a ban like L:d6-d5, found `{}`",
                            item.chars().take(16).collect::<String>()
                        ),
                    )
                };
                let (side, slide) = item.split_once(':').ok_or_else(bad)?;
                let (f, t) = slide.split_once('-').ok_or_else(bad)?;
                let col = match side {
                    "L" => Color::Light,
                    "D" => Color::Dark,
                    _ => return Err(bad()),
                };
                let from = geo.parse_point(f).map_err(|e| syntax("bans", e.to_string()))?;
                let to = geo.parse_point(t).map_err(|e| syntax("bans", e.to_string()))?;
                if ban[col].is_some() {
                    return Err(syntax("bans", format!("two bans for {col}")));
                }
                ban[col] = Some((from, to));
            }
        }
        let mut setup = Setup {
            rules,
            pieces,
            in_hand: ByColor::new(hl, hd),
            turn,
            quiet_plies: quiet,
            endgame_plies: endgame,
            ban,
            markers,
            used: ByColor::default(),
            pending: [None; 2],
        };
        if let Some(extra) = fields.get(6).filter(|&&f| f != "-") {
            for item in extra.split(',') {
                read_extra(item, geo, &mut setup)?;
            }
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = self.rules.geometry();
        write!(f, "{} ", self.rules)?;
        for (i, rank) in geo.ranks().iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for &p in rank {
                let c = Color::ALL
                    .into_iter()
                    .find(|&c| self.pieces[c].contains(p))
                    .map_or(if self.markers.contains(p) { 'X' } else { '.' }, Color::letter);
                write!(f, "{c}")?;
            }
        }
        write!(
            f,
            " {} {}/{} {}/{} ",
            self.turn.letter(),
            self.in_hand.light,
            self.in_hand.dark,
            self.quiet_plies,
            self.endgame_plies
        )?;
        let bans: Vec<String> = Color::ALL
            .into_iter()
            .filter_map(|c| {
                self.ban[c].map(|(a, b)| format!("{}:{}-{}", c.letter(), geo.coord(a), geo.coord(b)))
            })
            .collect();
        if bans.is_empty() {
            f.write_str("-")?;
        } else {
            f.write_str(&bans.join(","))?;
        }
        let extra = write_extra(self, geo);
        if !extra.is_empty() {
            write!(f, " {}", extra.join(","))?;
        }
        Ok(())
    }
}

/// The position text.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Setup::from(*self).fmt(f)
    }
}

impl FromStr for Position {
    type Err = PositionTextError;
    fn from_str(s: &str) -> Result<Position, PositionTextError> {
        Ok(s.parse::<Setup>()?.position()?)
    }
}

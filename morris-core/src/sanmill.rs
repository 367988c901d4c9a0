//! Import of Sanmill's FEN for the 24-point boards (docs/RULES.md §5).
//!
//! ```text
//! O*@*****/********/******** w p p 1 8 1 8 0 0 0 0 0 0 0 0 1
//! ```
//! The first field is three rings of eight points, inner ring first, each
//! from 12 o'clock clockwise: the order of this crate's point indices on
//! the mill boards. `O` is white (light), `@` black (dark), `*` empty. Then
//! the side to move (`w`/`b`), the phase, the pending action, and white's
//! and black's pieces on board and in hand; the n-move counter is the
//! second-to-last field of the long form. A FEN whose action is `r` stands
//! between a mill and its removal, which a whole-turn position cannot hold,
//! and is rejected, as are marked (`X`) points.

use thiserror::Error;

use crate::{Bitboard, BoardKind, ByColor, Color, Point, Position, PositionError, Rules, Setup};

/// A Sanmill FEN that cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanmillFenError {
    #[error("Sanmill FEN: {0}")]
    Syntax(String),
    #[error("Sanmill FEN is for the 24-point boards, not the {0} board")]
    WrongBoard(BoardKind),
    #[error("Sanmill FEN: a removal is pending; import the position before the mill, or after the removal")]
    PendingRemoval,
    #[error("Sanmill FEN: {color} has {counted} pieces on the board but the counter says {stated}")]
    CountMismatch { color: Color, counted: u32, stated: u32 },
    #[error("Sanmill FEN: {0}")]
    Invalid(#[from] PositionError),
}

fn syntax(s: impl Into<String>) -> SanmillFenError {
    SanmillFenError::Syntax(s.into())
}

/// Reads a Sanmill FEN as a position under `rules` (whose board must have 24 points).
pub fn from_sanmill_fen(fen: &str, rules: Rules) -> Result<Position, SanmillFenError> {
    if !matches!(rules.board, BoardKind::Mill | BoardKind::MillDiagonals) {
        return Err(SanmillFenError::WrongBoard(rules.board));
    }
    if fen.len() > 512 {
        return Err(syntax("the text is too long"));
    }
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 8 {
        return Err(syntax(format!("expected at least 8 fields, found {}", f.len())));
    }
    let rings: Vec<&str> = f[0].split('/').collect();
    if rings.len() != 3 || rings.iter().any(|r| r.chars().count() != 8) {
        return Err(syntax(
            "the board must be three rings of eight points separated by /",
        ));
    }
    let mut pieces = ByColor::<Bitboard>::default();
    for (i, c) in rings.concat().chars().enumerate() {
        let p = Point::new(i as u8).ok_or_else(|| syntax("too many points"))?;
        match c {
            'O' => pieces.light = pieces.light.with(p),
            '@' => pieces.dark = pieces.dark.with(p),
            '*' => {}
            'X' => return Err(syntax("marked points (X) are not supported")),
            other => return Err(syntax(format!("`{other}` is not O, @ or *"))),
        }
    }
    let turn = match f[1] {
        "w" => Color::Light,
        "b" => Color::Dark,
        other => {
            return Err(syntax(format!(
                "side to move must be w or b, not `{}`",
                other.chars().take(8).collect::<String>()
            )))
        }
    };
    if f[3] == "r" {
        return Err(SanmillFenError::PendingRemoval);
    }
    let num = |i: usize| -> Result<u32, SanmillFenError> {
        f[i].parse::<u32>().map_err(|_| {
            syntax(format!(
                "field {} must be a number, not `{}`",
                i + 1,
                f[i].chars().take(8).collect::<String>()
            ))
        })
    };
    let (w_on, w_hand, b_on, b_hand) = (num(4)?, num(5)?, num(6)?, num(7)?);
    for (color, counted, stated) in [
        (Color::Light, pieces.light.count(), w_on),
        (Color::Dark, pieces.dark.count(), b_on),
    ] {
        if counted != stated {
            return Err(SanmillFenError::CountMismatch {
                color,
                counted,
                stated,
            });
        }
    }
    let quiet = if f.len() >= 17 { num(f.len() - 2)? } else { 0 };
    let hand = |n: u32| u8::try_from(n).map_err(|_| syntax("too many pieces in hand"));
    let setup = Setup {
        rules,
        pieces,
        in_hand: ByColor::new(hand(w_hand)?, hand(b_hand)?),
        turn,
        quiet_plies: u16::try_from(quiet).map_err(|_| syntax("the n-move counter is too large"))?,
        endgame_plies: 0,
        ban: ByColor::default(),
        markers: crate::Bitboard::EMPTY,
        used: ByColor::default(),
        pending: [None; 2],
    };
    Ok(setup.position()?)
}

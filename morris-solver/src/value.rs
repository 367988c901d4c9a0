//! The exact value of a position ([`Value`]: win or loss in so many plies,
//! or draw) and the codes a table stores it in: two bytes in general, one
//! byte (`parity_byte`) wherever wins are odd and losses even.

use morris_core::{Color, Outcome};

/// The exact value of a position for the side to move, with the distance
/// to the end of the game in plies under perfect play (the winner takes
/// the quickest win, the loser the longest defence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u16),
    Draw,
    Loss(u16),
}

/// The code of a draw.
pub(crate) const DRAW: u16 = 0;
/// The code of an undecided position; never in a finished table.
pub(crate) const UNKNOWN: u16 = u16::MAX;
/// The longest distance a table stores.
pub(crate) const MAX_DISTANCE: u16 = (u16::MAX - 5) / 2;

/// The distance of a win or loss whose length is not known: what a
/// win/draw/loss table ([`crate::write_wdl`]) answers. It is longer than
/// any distance a table stores, so every known win ranks before it (and
/// every known loss after it), and it stays itself one ply further back.
pub const FAR: u16 = MAX_DISTANCE + 1;

/// One ply further from the end; [`FAR`] stays far.
fn further(d: u16) -> u16 {
    if d >= FAR {
        FAR
    } else {
        d + 1
    }
}

impl Value {
    /// The value of a finished game for the side to move.
    pub fn of_outcome(outcome: Outcome, turn: Color) -> Value {
        match outcome.winner {
            None => Value::Draw,
            Some(w) if w == turn => Value::Win(0),
            Some(_) => Value::Loss(0),
        }
    }

    /// The value for the side that made the move leading here.
    pub fn back(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(further(d)),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(further(d)),
        }
    }

    /// The value seen by the other side, at the same distance: what a
    /// position whose side to move plays again (a removal that lets the
    /// same player move, §7.4) is worth as if the turn had passed.
    pub(crate) fn flipped(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(d),
        }
    }

    /// The value of `child`, reached by one turn from a position whose
    /// side to move is `mover`, for that side.
    pub fn for_mover(self, child: &morris_core::Position, mover: Color) -> Value {
        if child.turn() == mover {
            self.flipped().back()
        } else {
            self.back()
        }
    }

    /// A number that orders values from the mover's point of view: a
    /// quicker win is better, a longer loss is better.
    pub fn score(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => d as i32 - 100_000,
        }
    }

    /// The value of a position from the values of the positions its moves
    /// lead to; `None` when there are no moves.
    pub fn best_of(children: impl IntoIterator<Item = Value>) -> Option<Value> {
        children.into_iter().map(Value::back).max_by_key(|v| v.score())
    }

    /// The plies to the end of a won or lost game, when known (not for a
    /// draw, nor for [`FAR`]).
    pub fn plies(self) -> Option<u16> {
        match self {
            Value::Win(d) | Value::Loss(d) if d < FAR => Some(d),
            _ => None,
        }
    }

    /// Whether the distance is known: not [`FAR`].
    pub fn exact(self) -> bool {
        match self {
            Value::Win(d) | Value::Loss(d) => d < FAR,
            Value::Draw => true,
        }
    }

    /// The code a table stores: 0 a draw, odd a win, even a loss (of
    /// [`FAR`] plies, the two largest codes below "undecided").
    pub(crate) fn encode(self) -> u16 {
        match self {
            Value::Draw => DRAW,
            Value::Win(d) => 1 + 2 * d.min(FAR),
            Value::Loss(d) => 2 + 2 * d.min(FAR),
        }
    }

    pub(crate) fn decode(code: u16) -> Value {
        match code {
            DRAW | UNKNOWN => Value::Draw,
            c if c % 2 == 1 => Value::Win((c - 1) / 2),
            c => Value::Loss((c - 2) / 2),
        }
    }
}

/// The `Parity` byte of a stored code, if it has one.
pub(crate) fn parity_byte(code: u16) -> Option<u8> {
    match Value::decode(code) {
        Value::Draw if code == DRAW => Some(0),
        Value::Win(d) if d % 2 == 1 => u8::try_from(d).ok(),
        Value::Loss(d) if d % 2 == 0 => u8::try_from(d + 2).ok(),
        _ => None,
    }
}

/// The stored code of a `Parity` byte.
#[inline]
pub(crate) fn parity_code(byte: u8) -> u16 {
    let b = u16::from(byte);
    match b {
        0 => DRAW,
        b if b % 2 == 1 => Value::Win(b).encode(),
        b => Value::Loss(b - 2).encode(),
    }
}

/// `win in 7`, `draw`, `loss in 12`; `win` and `loss` where the distance
/// is not known ([`FAR`]).
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = match self {
            Value::Win(_) => "win",
            Value::Draw => "draw",
            Value::Loss(_) => "loss",
        };
        match self.plies() {
            Some(n) => write!(f, "{word} in {n}"),
            None => f.write_str(word),
        }
    }
}

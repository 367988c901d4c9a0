//! Why a class or a position cannot be solved.

use thiserror::Error;

use morris_core::RuleKey;

use crate::index::Class;
use crate::value::MAX_DISTANCE;

/// Why a class or a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("{light} light and {dark} dark pieces do not fit the board")]
    DoesNotFit { light: u8, dark: u8 },
    #[error("the class has {0} positions, more than a table indexes")]
    TooLarge(u64),
    #[error("a position has more moves than the solver counts")]
    TooManyMoves,
    #[error("a win or loss is longer than {MAX_DISTANCE} plies")]
    TooLong,
    #[error("the position is not played under the rules of this tablebase")]
    OtherRules,
    #[error("moving instead of placing makes the placing phase cyclic; it is not solved")]
    MoveInPlacing,
    #[error("the class {0:?} is needed but not solved")]
    Missing(Class),
    #[error("the solver cannot solve under `{option}={value}`: {why}")]
    Unsupported {
        option: RuleKey,
        /// The option's value, as the rules text writes it.
        value: String,
        why: &'static str,
    },
    #[error("the class {0:?} is needed with its distances, but only its win/draw/loss table is loaded")]
    NoDistances(Class),
    #[error("a thread of the solver stopped")]
    Worker,
}

//! Which rule sets the solver represents exactly, and why not the others
//! (docs/tables.md, "Rule sets the solver handles").
//!
//! A table numbers the positions of a class by the pieces and the side to
//! move alone ([`crate::Indexer`]); the placing solve keys its memo the
//! same way, with the hands. Any rule whose game state holds more than
//! that (lines used, markers, removal turns due where a table would need
//! them) cannot be solved by them, and is refused with
//! [`SolveError::Unsupported`] rather than solved wrongly.

use morris_core::{BoardFull, PlacingMill, RuleKey, Rules};

use crate::error::SolveError;

fn refuse(rules: &Rules, option: RuleKey, why: &'static str) -> SolveError {
    SolveError::Unsupported {
        option,
        value: rules.get(option),
        why,
    }
}

/// Whether the moving and flying phases of `rules` can be solved into
/// tables ([`crate::Tablebase::solve`]); the reason if not.
pub fn check_moving(rules: &Rules) -> Result<(), SolveError> {
    if rules.one_time_mill {
        return Err(refuse(
            rules,
            RuleKey::OneTimeMill,
            "whether a mill removes depends on the lines each side has used, which a table's index does not hold",
        ));
    }
    let removal_outcome = matches!(
        rules.board_full,
        BoardFull::LightDark | BoardFull::DarkLight | BoardFull::FirstMover
    );
    if removal_outcome && 2 * rules.pieces as usize >= rules.geometry().len() {
        return Err(refuse(
            rules,
            RuleKey::BoardFull,
            "a board that fills starts the moving phase with removal turns due, which a table's index does not hold",
        ));
    }
    Ok(())
}

/// Whether the placing of `rules` can be solved forward from any position
/// ([`crate::Tablebase::solve_position`]): the moving phases must be
/// solvable, and the placing's state must be the pieces, the hands and
/// the side to move.
pub fn check_placing(rules: &Rules) -> Result<(), SolveError> {
    check_moving(rules)?;
    let why = match rules.placing_mill {
        PlacingMill::Remove => return Ok(()),
        PlacingMill::Hand | PlacingMill::HandAgain => {
            "a side whose hand is emptied first moves while the other places, and the forward solve of the placing assumes nobody moves"
        }
        PlacingMill::Mark => "the dead markers are state the placing solve's memo does not hold",
        PlacingMill::Count => {
            "the placing ends with removal turns due, which the tables the placing solve reads do not hold"
        }
    };
    Err(refuse(rules, RuleKey::PlacingMill, why))
}

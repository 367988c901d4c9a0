//! The first-game coach in the page: its state kept in step with the
//! table (see `learn::coach`), remembered in `localStorage`.

use yew::prelude::*;

use crate::learn::coach::Coach;
use crate::model::Model;
use crate::storage;

/// What the person does with a tip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachChoice {
    /// "Got it": this tip goes.
    Dismiss,
    /// "No more tips".
    TurnOff,
}

/// The coach for the model on the table, and where the person's choices
/// go. While the tip cannot be shown (`shown` false: the first screen
/// over the table) it waits: a tip counts as seen only once it could be.
#[hook]
pub fn use_coach(model: &Model, shown: bool) -> (Coach, Callback<CoachChoice>) {
    let coach = use_state(|| Coach::load(storage::load_coach().as_deref()));
    let next = if shown { coach.update(model) } else { *coach };
    {
        let coach = coach.clone();
        use_effect_with(next, move |&next| {
            if next != *coach {
                if next.stored() != coach.stored() {
                    storage::save_coach(&next.stored());
                }
                coach.set(next);
            }
        });
    }
    let choose = {
        let coach = coach.clone();
        Callback::from(move |choice: CoachChoice| {
            let after = match choice {
                CoachChoice::Dismiss => next.dismiss(),
                CoachChoice::TurnOff => next.turn_off(),
            };
            storage::save_coach(&after.stored());
            coach.set(after);
        })
    };
    (next, choose)
}

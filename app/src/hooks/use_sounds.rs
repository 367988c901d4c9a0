//! Sounds: one for each new turn (a placement, a slide, a removal) and one
//! for the end, with an off switch that is remembered.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::when_idle;
use crate::model::Model;
use crate::sound::{self, Sound};
use crate::storage;

/// The sounds for the model on the table; gives whether they are on and
/// the switch.
#[hook]
pub fn use_sounds(model: &Model) -> (bool, Callback<()>) {
    let on = use_state(storage::load_sound);
    let on_now = *on;
    // The sounds' code runs once, silently, when the page is idle after
    // its first gesture (audio may not start before one): the browser
    // compiles code on first use, which would hold up a turn.
    let wanted = use_mut_ref(|| on_now);
    *wanted.borrow_mut() = on_now;
    use_effect_with((), move |()| {
        let listeners = sound::after_first_gesture(move || {
            if *wanted.borrow() {
                when_idle(sound::warm_up);
            }
        });
        move || drop(listeners)
    });
    let plies = model.game.moves().len();
    let last = model.game.moves().last().copied();
    let over = model.outcome().is_some();
    let seen = use_mut_ref(|| plies);
    use_effect_with((plies, over), move |&(plies, over)| {
        let before = std::mem::replace(&mut *seen.borrow_mut(), plies);
        if on_now && plies == before + 1 {
            let sounds: Vec<Sound> = match last {
                Some(m) if m.removals().any() => vec![Sound::Remove],
                Some(m) if m.is_placement() => vec![Sound::Place],
                Some(_) => vec![Sound::Slide],
                None => Vec::new(),
            }
            .into_iter()
            .chain(over.then_some(Sound::End))
            .collect();
            // In a task of its own, after the board is drawn: the first
            // sound wakes the audio device, which takes a while.
            Timeout::new(0, move || sounds.into_iter().for_each(sound::play)).forget();
        }
    });
    let toggle = Callback::from(move |()| {
        storage::save_sound(!*on);
        on.set(!*on);
    });
    (on_now, toggle)
}

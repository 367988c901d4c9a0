//! Sounds: one for each new turn (a placement, a slide, a removal) and one
//! for the end, with an off switch that is remembered.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::when_idle;
use crate::model::Model;
use crate::sound::{self, Sound};
use crate::storage;

/// How long the table must stay quiet (nobody's computer thinking) before
/// the audio context is made.
const QUIET_MS: u32 = 1500;

/// The sounds for the model on the table; gives whether they are on and
/// the switch.
#[hook]
pub fn use_sounds(model: &Model) -> (bool, Callback<()>) {
    let on = use_state(storage::load_sound);
    let on_now = *on;
    // The audio context is made (and the sounds' code run once, silently:
    // the browser compiles code on first use) after the page's first
    // gesture, as audio may not start before one, and in a quiet moment:
    // making it takes the main thread for 50 to 250 ms, which must not
    // fall while the computer thinks. Until then turns play no sound.
    let thinking = model.outcome().is_none() && model.mode.engine() == Some(model.game.position().turn());
    let quiet = use_mut_ref(|| false);
    *quiet.borrow_mut() = on_now && !thinking;
    let warm_up_later = {
        let quiet = quiet.clone();
        move || {
            Timeout::new(QUIET_MS, move || {
                if *quiet.borrow() {
                    when_idle(sound::warm_up);
                }
            })
            .forget();
        }
    };
    {
        let warm_up_later = warm_up_later.clone();
        use_effect_with((), move |()| {
            let listeners = sound::after_first_gesture(warm_up_later);
            move || drop(listeners)
        });
    }
    let plies = model.game.moves().len();
    let last = model.game.moves().last().copied();
    let over = model.outcome().is_some();
    let seen = use_mut_ref(|| plies);
    use_effect_with((plies, over), move |&(plies, over)| {
        let before = std::mem::replace(&mut *seen.borrow_mut(), plies);
        if !thinking {
            warm_up_later();
        }
        if on_now && plies == before + 1 {
            let sounds: Vec<Sound> = match last {
                // A pass moves nothing: only the end, if it comes.
                Some(m) if m.is_pass() => Vec::new(),
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

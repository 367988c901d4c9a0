//! A notice belongs to its moment: besides going with the next move or
//! new game (the model), it goes by itself after long enough to read it,
//! [`BASE_MS`] and [`PER_CHAR_MS`] a character, at most [`MAX_MS`]. The
//! time stands still while the pointer rests on it or the focus is in it
//! (its close button), so nobody loses a message they are reading. A
//! lasting one (saving fails…) stays until dismissed.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::{Action, Model, Notice};

/// The time every notice stays, in milliseconds.
pub const BASE_MS: u32 = 5_000;
/// And for each character of its text.
pub const PER_CHAR_MS: u32 = 60;
/// The longest a notice stays.
pub const MAX_MS: u32 = 15_000;
/// How often the time left is counted down.
const TICK_MS: u32 = 250;

/// How long `notice` stays, from the length of its text in `lang`.
pub fn notice_ms(notice: &Notice, lang: Lang) -> u32 {
    let args: Vec<&str> = notice.args.iter().map(String::as_str).collect();
    let chars = lang.fmt(notice.key, &args).chars().count();
    let chars = u32::try_from(chars).unwrap_or(u32::MAX);
    BASE_MS
        .saturating_add(chars.saturating_mul(PER_CHAR_MS))
        .min(MAX_MS)
}

/// Whether the notice on the page is being read: pointed at or focused.
fn held() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".notice:hover, .notice:focus-within").ok())
        .flatten()
        .is_some()
}

/// Sends [`Action::Expire`] for the model's notice when its time is up.
#[hook]
pub fn use_notice_expiry(model: &Model, lang: Lang, dispatcher: UseReducerDispatcher<Model>) {
    let notice = model.notice.clone().filter(|n| !n.lasting());
    use_effect_with(notice, move |notice| {
        let timer = notice.clone().map(|n| {
            let mut left = notice_ms(&n, lang);
            Interval::new(TICK_MS, move || {
                if held() {
                    return;
                }
                left = left.saturating_sub(TICK_MS);
                if left == 0 {
                    dispatcher.dispatch(Action::Expire(n.clone()));
                }
            })
        });
        move || drop(timer)
    });
}

//! A notice belongs to its moment: besides going with the next move or
//! new game (the model), it goes by itself after long enough to read it,
//! [`BASE_MS`] and [`PER_CHAR_MS`] a character, at most [`MAX_MS`]. A
//! lasting one (saving fails…) stays until dismissed.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::{Action, Model, Notice};

/// The time every notice stays, in milliseconds.
pub const BASE_MS: u32 = 5_000;
/// And for each character of its text.
pub const PER_CHAR_MS: u32 = 60;
/// The longest a notice stays.
pub const MAX_MS: u32 = 15_000;

/// How long `notice` stays, from the length of its text in `lang`.
pub fn notice_ms(notice: &Notice, lang: Lang) -> u32 {
    let args: Vec<&str> = notice.args.iter().map(String::as_str).collect();
    let chars = lang.fmt(notice.key, &args).chars().count();
    let chars = u32::try_from(chars).unwrap_or(u32::MAX);
    BASE_MS
        .saturating_add(chars.saturating_mul(PER_CHAR_MS))
        .min(MAX_MS)
}

/// Sends [`Action::Expire`] for the model's notice when its time is up.
#[hook]
pub fn use_notice_expiry(model: &Model, lang: Lang, dispatcher: UseReducerDispatcher<Model>) {
    let notice = model.notice.clone().filter(|n| !n.lasting());
    use_effect_with(notice, move |notice| {
        let timer = notice.clone().map(|n| {
            let ms = notice_ms(&n, lang);
            Timeout::new(ms, move || dispatcher.dispatch(Action::Expire(n)))
        });
        move || drop(timer)
    });
}

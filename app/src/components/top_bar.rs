//! The bar at the top of the page: the name and the variant in play, "New
//! game", "Play a friend", "Puzzles", "Edit position", the language and
//! the sound switch.
//!
//! As the window narrows the four buttons' words give way to their icons
//! one by one (`fold-1` first, `fold-4` last; the widths are in
//! style.css), each keeping its words as its name and its title, with a
//! short word under the icon (the sound switch too) while the bar has room
//! (a tablet); on a phone the icons go alone, named and with tooltips, and
//! the language picker shrinks to a globe over the same `<select>`.

use yew::prelude::*;

use super::button::icon;
use crate::i18n::Lang;

/// The sound switch's icons: a speaker with waves, and one struck through.
const SOUND_ON: &str = "M4 9h4l5-4v14l-5-4H4zM16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12";
const SOUND_OFF: &str = "M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6";
/// "New game" and "Play a friend" as icons, for when only they fit: a
/// plus, and two people.
const NEW_GAME: &str = "M12 5v14M5 12h14";
const FRIEND: &str = "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 19c0-3 2.7-5 6-5s6 2 6 5M16 5.5a3 3 0 0 1 0 5.6M18 14.2c1.8.7 3 2.3 3 4.8";
/// A pencil, for "Edit position".
const EDIT: &str = "M4 20l1-4L16 5l3 3L8 19zM14 7l3 3";
/// A puzzle piece, for "Puzzles".
const PUZZLE: &str = "M5 5h5a2 2 0 1 1 4 0h5v5a2 2 0 1 0 0 4v5h-5a2 2 0 1 0-4 0H5v-5a2 2 0 1 1 0-4z";
/// A globe, for the language picker where its words do not fit.
const GLOBE: &str = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9M12 3c-2.4 2.5-3.6 5.5-3.6 9s1.2 6.5 3.6 9";

/// What the top bar shows and where its buttons go.
#[derive(Debug)]
pub struct TopBarProps {
    pub lang: Lang,
    /// The name of the variant in play.
    pub variant: AttrValue,
    pub sound_on: bool,
    pub on_new_game: Callback<()>,
    pub on_play_friend: Callback<()>,
    pub on_puzzles: Callback<()>,
    /// Opens the position editor on the position shown.
    pub on_editor: Callback<()>,
    pub on_lang: Callback<Lang>,
    pub on_sound: Callback<()>,
}

/// A button's word under its icon, where the bar has room for it
/// (style.css); the button's name stays its whole words.
fn short(lang: Lang, key: &str) -> Html {
    html! { <span class="short" aria-hidden="true">{ lang.t(key) }</span> }
}

pub fn top_bar(props: &TopBarProps) -> Html {
    let lang = props.lang;
    let on_lang = {
        let set = props.on_lang.clone();
        Callback::from(move |e: Event| {
            let chosen = e.target_dyn_into::<web_sys::HtmlSelectElement>();
            if let Some(l) = chosen.and_then(|sel| Lang::from_code(&sel.value())) {
                set.emit(l);
            }
        })
    };
    let langs = Lang::ALL.iter().map(|l| {
        html! { <option value={l.code()} lang={l.code()} dir={l.dir()} selected={*l == lang}>{ l.native_name() }</option> }
    });
    let sound = if props.sound_on { "true" } else { "false" };
    html! {
        <header class="topbar">
            <div class="brand">
                <svg class="logo" viewBox="0 0 24 24" aria-hidden="true">
                    <rect x="2" y="2" width="20" height="20" /><rect x="6.5" y="6.5" width="11" height="11" />
                    <path d="M12 2v4.5M12 17.5V22M2 12h4.5M17.5 12H22" />
                </svg>
                <div class="names">
                    <h1>{ lang.t("app.title") }</h1>
                    <span class="tagline" data-variant-name="">{ props.variant.clone() }</span>
                </div>
            </div>
            <nav class="top-actions">
                <button type="button" class="btn primary labelled fold-4" data-action="new-game" title={lang.t("action.new-game")} onclick={props.on_new_game.reform(|_: MouseEvent| ())}>{ icon(NEW_GAME) }<span class="label">{ lang.t("action.new-game") }</span>{ short(lang, "action.new-game.short") }</button>
                <button type="button" class="btn labelled fold-3" data-action="play-friend" title={lang.t("room.play-friend")} onclick={props.on_play_friend.reform(|_: MouseEvent| ())}>{ icon(FRIEND) }<span class="label">{ lang.t("room.play-friend") }</span>{ short(lang, "room.play-friend.short") }</button>
                <button type="button" class="btn labelled fold-2" data-action="puzzles" title={lang.t("puzzle.open")} onclick={props.on_puzzles.reform(|_: MouseEvent| ())}>{ icon(PUZZLE) }<span class="label">{ lang.t("puzzle.open") }</span>{ short(lang, "puzzle.open.short") }</button>
                <button type="button" class="btn labelled fold-1" data-action="edit-position" title={lang.t("action.edit-position")} onclick={props.on_editor.reform(|_: MouseEvent| ())}>{ icon(EDIT) }<span class="label">{ lang.t("action.edit-position") }</span>{ short(lang, "action.edit-position.short") }</button>
                <label class="sr-only" for="lang-select">{ lang.t("settings.language") }</label>
                <span class="lang-pick">
                    { icon(GLOBE) }
                    <select id="lang-select" class="lang" onchange={on_lang} title={lang.t("settings.language")}>{ for langs }</select>
                </span>
                <button type="button" class="btn icon sound" aria-pressed={sound}
                        title={lang.t("settings.sound")} aria-label={lang.t("settings.sound")} onclick={props.on_sound.reform(|_: MouseEvent| ())}>
                    { icon(if props.sound_on { SOUND_ON } else { SOUND_OFF }) }
                    { short(lang, "settings.sound") }
                </button>
            </nav>
        </header>
    }
}

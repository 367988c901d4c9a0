//! The position editor's buttons: "Play from here" (a game on the table
//! from the position, with the table's seats) and "Analyse" (the analysis
//! board on it), both refused while the position has problems, the
//! problems named as the reason.

use morris_core::Position;
use yew::prelude::*;

use crate::i18n::Lang;

/// What the buttons need.
pub struct EditorActions<'a> {
    pub lang: Lang,
    /// The position, if it has no problem.
    pub position: Option<Position>,
    pub on_play: &'a Callback<Position>,
    pub on_analyse: &'a Callback<Position>,
}

pub fn editor_actions(a: &EditorActions) -> Html {
    let lang = a.lang;
    let use_it = |to: &Callback<Position>| {
        let (to, pos) = (to.clone(), a.position);
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = pos {
                to.emit(p);
            }
        })
    };
    let blocked = a.position.is_none();
    let why = blocked.then_some("editor-problems");
    html! {
        <>
            if blocked { <p class="field-hint" data-editor-blocked="">{ lang.t("editor.blocked") }</p> }
            <div class="dialog-buttons editor-use">
                <button type="button" class="btn primary" data-action="play-from-here" disabled={blocked}
                        aria-describedby={why} onclick={use_it(a.on_play)}>{ lang.t("editor.play") }</button>
                <button type="button" class="btn" data-action="analyse-position" disabled={blocked}
                        aria-describedby={why} onclick={use_it(a.on_analyse)}>{ lang.t("action.analyse") }</button>
            </div>
        </>
    }
}

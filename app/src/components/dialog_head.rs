//! The head of the lab's dialogs (the analysis board, the position editor,
//! the puzzles): the title, and beside it a button that closes the dialog,
//! so that one scrolled far down (the analysis board after a review, on a
//! phone) is closed from its top as well as from its last buttons.

use yew::prelude::*;

use super::button::icon;

/// A cross, filled.
const CROSS: &str =
    "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z";

/// The dialog's title (`id`, which names the dialog; `title_ref` where it
/// takes the focus as the dialog opens) and its close button, named
/// `close` (the dialog's own word for it), which asks `on_close`.
pub fn dialog_head(
    id: &'static str,
    title: String,
    title_ref: Option<&NodeRef>,
    close: String,
    on_close: &Callback<()>,
) -> Html {
    let focusable = title_ref.map(|_| "-1");
    html! {
        <div class="dialog-head">
            <h2 {id} ref={title_ref.cloned().unwrap_or_default()} tabindex={focusable}>{ title }</h2>
            <button type="button" class="btn icon dialog-close" data-action="close-dialog" title={close.clone()}
                    aria-label={close} onclick={on_close.reform(|_: MouseEvent| ())}>{ icon(CROSS) }</button>
        </div>
    }
}

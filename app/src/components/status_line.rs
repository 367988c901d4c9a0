//! The status line, with its machine-readable `data-status`.

use yew::prelude::*;

use super::ui::Ui;

/// The status line, with its machine-readable `data-status`.
pub fn status_line(ui: &Ui) -> Html {
    let (value, text) = ui.status.clone();
    let over = ui.model.outcome().is_some();
    html! {
        <p class={classes!("status", over.then_some("over"))} data-status={value}>{ text }</p>
    }
}

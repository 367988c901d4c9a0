//! Text from the rules' messages, whose moves, points and options stand in
//! backticks (`` `a1` ``, as the command line prints them): shown on the
//! page as code, without the backticks.

use yew::prelude::*;

/// `text` with each pair of backticks' content as `<code>`; text whose
/// backticks do not pair is shown as it is.
pub fn code_text(text: &str) -> Html {
    if text.matches('`').count() % 2 == 1 {
        return html! { { text } };
    }
    let parts = text.split('`').enumerate().map(|(i, part)| {
        if i % 2 == 1 {
            html! { <code>{ part }</code> }
        } else {
            html! { { part } }
        }
    });
    parts.collect::<Html>()
}

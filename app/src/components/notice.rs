//! A message for the player (a link refused, a copy made…), with a button
//! that dismisses it.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::{Action, Notice};

#[derive(Properties, PartialEq, Debug)]
pub struct NoticeBarProps {
    pub notice: Option<Notice>,
    pub lang: Lang,
    pub send: Callback<Action>,
}

#[function_component(NoticeBar)]
pub fn notice_bar(props: &NoticeBarProps) -> Html {
    let Some(n) = &props.notice else { return html! {} };
    let args: Vec<&str> = n.args.iter().map(String::as_str).collect();
    let text = props.lang.fmt(n.key, &args);
    let close = props.send.reform(|_: MouseEvent| Action::Notify(None));
    html! {
        <div class="notice" role="status" data-notice={n.key}>
            <span>{ text }</span>
            <button type="button" class="close" aria-label="×" onclick={close}>{ "×" }</button>
        </div>
    }
}

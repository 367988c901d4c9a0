//! "Your name" in a room: the text typed is this field's own until it is
//! left (`change`), then it names this side. The page draws itself again
//! often (a clock's tick, the friend's move, the live connection), and
//! Yew sets an input's value from what it draws each time: a field drawn
//! from the room's name alone would wipe what is being typed.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::Action;
use crate::room::clean_name;
use crate::room::codec::MAX_NAME;
use crate::storage;

#[derive(Properties, PartialEq)]
pub struct NameFieldProps {
    pub lang: Lang,
    /// This side's name as the room has it.
    pub name: AttrValue,
    pub send: Callback<Action>,
}

#[function_component(NameField)]
pub fn name_field(props: &NameFieldProps) -> Html {
    // What is being typed, until the field is left.
    let draft = use_state(|| None::<String>);
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                draft.set(Some(input.value()));
            }
        })
    };
    let onchange = {
        let (draft, send) = (draft.clone(), props.send.clone());
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let name = clean_name(&input.value());
                storage::save_name(&name);
                send.emit(Action::Rename(name));
            }
            draft.set(None);
        })
    };
    let value = (*draft).clone().unwrap_or_else(|| props.name.to_string());
    html! {
        <label class="name-field">
            <span>{ props.lang.t("room.name") }</span>
            <input type="text" maxlength={MAX_NAME.to_string()} data-field="name"
                   {value} {oninput} {onchange} autocomplete="nickname" />
        </label>
    }
}

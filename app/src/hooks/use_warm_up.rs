//! One update right after the first render, while the page is still
//! loading: the browser compiles the code of an update (the reducer, the
//! diff) on first use, which would otherwise hold up the first click.

use yew::prelude::*;

use crate::model::{Action, Model};

#[hook]
pub fn use_warm_up(model: &UseReducerHandle<Model>) {
    let dispatcher = model.dispatcher();
    let notice = model.notice.clone();
    use_effect_with((), move |_| dispatcher.dispatch(Action::Notify(notice)));
}

//! One update right after the first screen is drawn, while the page is
//! still loading: the browser compiles the code of an update (the
//! reducer, the diff) on first use, which would otherwise hold up the
//! first click. In a task of its own, so the first screen's stays short;
//! it changes nothing (it says again what the table says by then).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::first_screen::when_drawn;
use crate::model::{Action, Model};

#[hook]
pub fn use_warm_up(model: &UseReducerHandle<Model>, latest: &Rc<RefCell<Rc<Model>>>) {
    let dispatcher = model.dispatcher();
    let latest = latest.clone();
    use_effect_with((), move |_| {
        when_drawn(move || {
            let notice = latest.borrow().notice.clone();
            dispatcher.dispatch(Action::Notify(notice));
        })
    });
}

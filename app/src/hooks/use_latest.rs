//! The model as last rendered, for listeners set up once.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::model::Model;

#[hook]
pub fn use_latest(model: Rc<Model>) -> Rc<RefCell<Rc<Model>>> {
    let latest = use_mut_ref(|| model.clone());
    *latest.borrow_mut() = model;
    latest
}

//! What the page's parts render from: the model, the language, and where
//! actions go.

use std::rc::Rc;

use yew::Callback;

use super::status_text::status;
use crate::i18n::Lang;
use crate::model::{Action, Model};

/// The model as last rendered, the interface's language, and the sender of
/// actions to the reducer.
#[derive(Clone, Debug, PartialEq)]
pub struct Ui {
    pub model: Rc<Model>,
    pub lang: Lang,
    pub send: Callback<Action>,
    /// The status line (`data-status` and the text), said by the status
    /// line and by the live region.
    pub status: (String, String),
}

impl Ui {
    pub fn new(model: Rc<Model>, lang: Lang, send: Callback<Action>) -> Ui {
        let status = status(&model, lang);
        Ui {
            model,
            lang,
            send,
            status,
        }
    }
}

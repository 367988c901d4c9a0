//! The position editor, over the page: the board to put pieces on and
//! take them off, the palette, the variant and its options, the side to
//! move and the hands; below, every problem that keeps the position from
//! being played, live; and what to do with it (play, analyse, share).

use std::rc::Rc;

use morris_core::{Point, Position, Setup};
use yew::prelude::*;

use super::dialog_head::dialog_head;
use super::editor_actions::{editor_actions, EditorActions};
use super::editor_board::editor_board;
use super::editor_fields::editor_fields;
use super::editor_palette::editor_palette;
use super::editor_problems::editor_problems;
use super::editor_rules::editor_rules;
use super::editor_share::editor_share;
use super::modal::Modal;
use super::new_game_dialog::Choice;
use crate::browser::base_url;
use crate::editor::{change, editor_link, Editing, Tool};
use crate::hooks::use_board_cursor;
use crate::i18n::Lang;
use crate::link::Mode;

#[derive(Properties, PartialEq, Debug)]
pub struct EditorProps {
    pub lang: Lang,
    /// The position the editor opens with.
    pub setup: Rc<Setup>,
    pub on_play: Callback<Position>,
    pub on_analyse: Callback<Position>,
    pub on_close: Callback<()>,
}

#[function_component(PositionEditor)]
pub fn position_editor(p: &EditorProps) -> Html {
    let lang = p.lang;
    let editing = use_reducer(|| Editing::new((*p.setup).clone()));
    {
        let send = editing.dispatcher();
        use_effect_with(p.setup.clone(), move |s| {
            let s = (**s).clone();
            send.dispatch(change(move |_| Editing::new(s.clone())))
        });
    }
    // The rules, in the new-game dialog's own choices; the editor takes
    // them up whenever they can be played.
    let choice = use_state(|| Choice::open(p.setup.rules, Mode::default(), false, None));
    {
        let send = editing.dispatcher();
        use_effect_with(choice.rules, move |&rules| {
            if rules.validate().is_ok() {
                send.dispatch(change(move |x| x.with_rules(rules)));
            }
        });
    }
    {
        let choice = choice.clone();
        use_effect_with(editing.setup.rules, move |&rules| {
            if choice.rules != rules {
                choice.set(Choice { rules, ..*choice });
            }
        });
    }
    // The dialog takes the focus, not its first field: on a phone that
    // would scroll the board out of view.
    let cursor = use_board_cursor();
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            if let Some(el) = dialog.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let link_field = use_node_ref();
    let edit = editing.dispatcher().to_callback();
    let on_press = edit.reform(|q: Point| change(move |x| x.press(q)));
    let on_tool = edit.reform(|t: Tool| change(move |x| x.with_tool(t)));
    let problems = editing.problems();
    let link = format!("{}#{}", base_url(), editor_link(&editing.setup));
    let actions = EditorActions {
        lang,
        position: editing.position(),
        on_play: &p.on_play,
        on_analyse: &p.on_analyse,
    };
    html! {
        <Modal labelled_by="editor-title" on_close={p.on_close.clone()}>
            <div class="dialog analysis editor" ref={dialog} tabindex="-1" data-editor="">
                { dialog_head("editor-title", lang.t("editor.title"), None, lang.t("editor.close"), &p.on_close) }
                <div class="analysis-body">
                    <div class="editor-main">
                        { editor_board(lang, &editing.setup, on_press, cursor) }
                        { editor_palette(lang, editing.tool, &on_tool) }
                        { editor_problems(lang, &problems) }
                        { editor_actions(&actions) }
                    </div>
                    <div class="analysis-side">
                        { editor_rules(lang, &choice) }
                        { editor_fields(lang, &editing, &edit) }
                        { editor_share(lang, &link, &link_field, &p.on_close) }
                    </div>
                </div>
            </div>
        </Modal>
    }
}

//! The position editor's palette, as lichess's board editor has one: what
//! a press on the board puts there (cycle through empty, light and dark;
//! a light piece; a dark piece; the eraser).

use yew::prelude::*;

use crate::editor::Tool;
use crate::i18n::Lang;

/// The tools, `tool` the one in hand; a choice goes to `on_tool`.
pub fn editor_palette(lang: Lang, tool: Tool, on_tool: &Callback<Tool>) -> Html {
    let buttons = Tool::ALL.iter().map(|&t| {
        let onclick = on_tool.reform(move |_: MouseEvent| t);
        let pressed = if t == tool { "true" } else { "false" };
        html! {
            <button type="button" class={classes!("btn", "tool", format!("tool-{}", t.id()))}
                    aria-pressed={pressed} data-tool={t.id()} {onclick}>
                <span class="swatch" aria-hidden="true"></span>
                { lang.t(&format!("editor.tool.{}", t.id())) }
            </button>
        }
    });
    html! {
        <fieldset class="editor-palette" data-editor-palette="">
            <legend>{ lang.t("editor.palette") }</legend>
            { for buttons }
        </fieldset>
    }
}

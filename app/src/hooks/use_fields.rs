//! The page's text fields that buttons fill (a copied link or record) or
//! read (a pasted reply, record or link): kept across renders here, so the
//! parts that hold them need no component of their own.

use yew::prelude::*;

/// The record box's attribute holding the text a copy button put in it:
/// another game on the table clears the box of it, never of text the
/// person typed or pasted.
pub const COPIED: &str = "data-copied";

/// The text fields of the record panel and of the room.
#[derive(Clone, Debug, PartialEq)]
pub struct Fields {
    /// The record panel's text box.
    pub record: NodeRef,
    /// The invite link's field, also selected by the bar's "Copy invite link".
    pub invite: NodeRef,
    /// The link for the friend (or the reply).
    pub friend: NodeRef,
    /// The box for a reply or a link from the friend.
    pub paste: NodeRef,
    /// This side's name in the room: written from the room (its code and
    /// the name), never while it has the focus, so that what is typed is
    /// kept until the field is left.
    pub name: NodeRef,
}

/// The fields; `room_name` is the room's code and this side's name,
/// `replaced` the model's count of games put on the table: when another
/// game comes, the record box lets go of the text a copy button put there
/// (the last game's record), and keeps what the person wrote.
#[hook]
pub fn use_fields(room_name: Option<(String, String)>, replaced: u32) -> Fields {
    let record = use_node_ref();
    {
        let record = record.clone();
        use_effect_with(replaced, move |_| {
            let Some(area) = record.cast::<web_sys::HtmlTextAreaElement>() else {
                return;
            };
            if area.get_attribute(COPIED).is_some_and(|c| c == area.value()) {
                area.set_value("");
                let _ = area.remove_attribute(COPIED);
            }
        });
    }
    let name = use_node_ref();
    {
        let name = name.clone();
        use_effect_with(room_name, move |room_name| {
            let input = name.cast::<web_sys::HtmlInputElement>();
            let focused = || {
                let active = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.active_element());
                active.is_some_and(|a| input.as_ref().is_some_and(|i| a == ***i))
            };
            if let (Some(i), Some((_, text))) = (&input, room_name) {
                if !focused() {
                    i.set_value(text);
                }
            }
        });
    }
    Fields {
        record,
        invite: use_node_ref(),
        friend: use_node_ref(),
        paste: use_node_ref(),
        name,
    }
}

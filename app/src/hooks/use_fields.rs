//! The page's text fields that buttons fill (a copied link or record) or
//! read (a pasted reply, record or link): kept across renders here, so the
//! parts that hold them need no component of their own.

use yew::prelude::*;

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
}

#[hook]
pub fn use_fields() -> Fields {
    Fields {
        record: use_node_ref(),
        invite: use_node_ref(),
        friend: use_node_ref(),
        paste: use_node_ref(),
    }
}

//! The live connection of the room on the table: this tab takes its seat
//! (one tab of a browser holds it, `room::lock`) and meets the friend
//! through the relays where any are set (and reachable), in the room's
//! live module (`hooks::use_live`); a reply handed over by another tab is
//! taken up; another
//! room on the table drops the connection of the last one; the host's
//! page offers a connection while the seat is free and no relay took the
//! room, so the invite link carries it (`room::meeting`); and the room as
//! this side would send it now, signed, is kept ready for the channel.

use yew::prelude::*;

use super::use_live::{use_live, Live};
use super::use_sealed::{use_sealed, Sealed};
use crate::model::{Action, Model};
use crate::room::Role;

/// The page's live connection, kept in step with the model's room, and
/// the room as this side sends it now, signed (`None` while it is being
/// signed, or out of a room).
#[hook]
pub fn use_live_room(model: &UseReducerHandle<Model>) -> (Live, Option<Sealed>) {
    let send = {
        let d = model.dispatcher();
        Callback::from(move |a: Action| d.dispatch(a))
    };
    let live = use_live(send.clone());
    let sealed = use_sealed(model, live.signal.as_ref(), send);
    {
        let live = live.clone();
        let room = model.room.as_ref().map(|r| {
            let invite = r.me == Role::Host && !r.joined;
            (r.code.clone(), r.me, r.keys[r.me.other().index()].clone(), invite)
        });
        use_effect_with(room, move |room| match room {
            Some((code, me, their_key, invite)) => live.take_seat(code, *me, their_key, *invite),
            None => live.leave_seat(),
        });
    }
    {
        let outgoing = sealed.as_ref().map(|s| (s.message.clone(), s.seq));
        let live = live.clone();
        use_effect_with(outgoing, move |outgoing| {
            if let Some((text, seq)) = outgoing {
                live.update(text.clone(), *seq);
            }
        });
    }
    (live, sealed)
}

//! The live connection of the room on the table: a reply handed over by
//! another tab is taken up; another
//! room on the table drops the connection of the last one; the host's
//! page offers a connection while the seat is free, so the invite link
//! carries it; and the room as this side would send it now, signed, is
//! kept ready for the channel.

use yew::prelude::*;

use super::use_live::{use_live, Live};
use super::use_sealed::{use_sealed, Sealed};
use crate::model::{Action, Model};
use crate::room::{Connection, Role};

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
        use_effect_with((), move |_| {
            let listener = live.listen();
            move || {
                if let Some((bc, _handler)) = listener {
                    bc.close();
                }
            }
        });
    }
    {
        let live = live.clone();
        let key = model
            .room
            .as_ref()
            .map(|r| (r.code.clone(), r.me == Role::Host && !r.joined));
        use_effect_with((key, live.connection), move |(key, connection)| {
            keep_connection(&live, key.as_ref(), *connection);
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

/// Connects or drops the connection for the room on the table (its code,
/// and whether the host waits for the guest).
fn keep_connection(live: &Live, key: Option<&(String, bool)>, connection: Connection) {
    match key {
        Some((code, invite)) => {
            if *invite && connection == Connection::ByLink && !live.busy(code) {
                live.connect(code, true);
            } else if !live.busy(code) && connection == Connection::Live {
                live.reset();
            }
        }
        None => {
            if connection != Connection::ByLink {
                live.reset();
            }
        }
    }
}

//! The live connection of the room on the table: a reply handed over by
//! another tab and the link the page opened with are taken up; another
//! room on the table drops the connection of the last one; the host's
//! page offers a connection while the seat is free, so the invite link
//! carries it; and the room as this side would send it now is kept ready
//! for the channel.

use yew::prelude::*;

use super::use_live::{use_live, Live};
use crate::model::room::share;
use crate::model::{Action, Model};
use crate::opening::take_first_signal;
use crate::room::{Connection, Role};

/// The page's live connection, kept in step with the model's room.
#[hook]
pub fn use_live_room(model: &UseReducerHandle<Model>) -> Live {
    let live = {
        let d = model.dispatcher();
        use_live(Callback::from(move |a: Action| d.dispatch(a)))
    };
    {
        let live = live.clone();
        use_effect_with((), move |_| {
            let listener = live.listen();
            if let Some((code, signal)) = take_first_signal() {
                live.signal_from_link(&code, signal);
            }
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
        let outgoing = model
            .room
            .as_ref()
            .map(|r| (share(model, r, None).to_text(), r.seq[r.me.index()]));
        let live = live.clone();
        use_effect_with(outgoing, move |outgoing| {
            if let Some((text, seq)) = outgoing {
                live.update(text.clone(), *seq);
            }
        });
    }
    live
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

//! The room on the table as this side sends it, signed with its seat's
//! key ([`crate::room::sign`]): the link for the friend (with what it
//! carries for the live connection) and the live message. Signing is
//! asynchronous (WebCrypto); until the current room is signed there is
//! no link to offer, never an older one.

use yew::prelude::*;

use crate::model::room::share;
use crate::model::{Action, Model, Notice};
use crate::room::codec::Wire;
use crate::room::{link_fragment, sign, Role, Signal};

/// The room as this side sends it now, signed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sealed {
    /// The unsigned texts (link, message) these were signed from.
    from: (String, String),
    /// The link's fragment: `room=…`.
    pub link: String,
    /// The live message.
    pub message: String,
    /// This side's action count in it.
    pub seq: u32,
}

/// The signed link and message, and this side's public key.
async fn seal_both(mut link: Wire, mut message: Wire, me: Role) -> Result<(String, String, String), String> {
    sign::seal(&mut link, me).await?;
    sign::seal(&mut message, me).await?;
    let key = link.k[me.index()].clone();
    Ok((link_fragment(&link), message.to_text(), key))
}

/// Signs the room whenever what this side would send changes; `send`
/// hears why if it cannot be signed.
#[hook]
pub fn use_sealed(model: &Model, signal: Option<&Signal>, send: Callback<Action>) -> Option<Sealed> {
    let sealed = use_state(|| None::<Sealed>);
    let generation = use_mut_ref(|| 0u32);
    let wires = model.room.as_ref().map(|r| {
        let seq = r.seq[r.me.index()];
        let known = r.keys[r.me.index()].clone();
        (share(model, r, signal), share(model, r, None), r.me, seq, known)
    });
    let from = wires.as_ref().map(|(l, m, ..)| (l.to_text(), m.to_text()));
    {
        let sealed = sealed.clone();
        use_effect_with(from.clone(), move |from| {
            *generation.borrow_mut() += 1;
            let current = *generation.borrow();
            if let (Some((link, message, me, seq, known)), Some(from)) = (wires, from.clone()) {
                wasm_bindgen_futures::spawn_local(async move {
                    let signed = seal_both(link, message, me).await;
                    // Only the latest room's signature is kept.
                    if *generation.borrow() != current {
                        return;
                    }
                    match signed {
                        // The model learns this side's key once (signed
                        // again then, the same room with the key in it).
                        Ok((_, _, key)) if key != known => send.emit(Action::SeatKey(key)),
                        Ok((link, message, _)) => sealed.set(Some(Sealed {
                            from,
                            link,
                            message,
                            seq,
                        })),
                        Err(why) => {
                            send.emit(Action::Notify(Some(Notice::new("room.sign-failed", vec![why]))))
                        }
                    }
                });
            }
        });
    }
    (*sealed).clone().filter(|s| Some(&s.from) == from.as_ref())
}

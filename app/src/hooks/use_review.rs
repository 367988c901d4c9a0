//! The game review's life in the page: "Review" starts a worker of its
//! own (see `crate::review`) on the game on the table, whose turns come
//! back one by one; "Cancel" ends that worker at once. The review stays
//! with its game: a game played on keeps it, another game drops it (and
//! ends a review still running).

use std::rc::Rc;

use morris_core::Game;
use yew::prelude::*;

use crate::browser::clock_ms;
use crate::engine::{EngineLink, FromWorker};
use crate::review::protocol::{FromReview, Start, DEFAULT_DEPTH};
use crate::review::{Review, Status};

/// The review, if one was asked for.
#[derive(Clone, Debug, Default, PartialEq)]
struct Slot(Option<Review>);

enum Change {
    Begin(Review),
    Take(FromReview),
    Stop(Status),
}

impl Reducible for Slot {
    type Action = Change;

    fn reduce(self: Rc<Self>, change: Change) -> Rc<Self> {
        let mut next = (*self).clone();
        match (change, next.0.as_mut()) {
            (Change::Begin(r), _) => next.0 = Some(r),
            (Change::Take(msg), Some(r)) => r.take(msg, clock_ms()),
            (Change::Stop(status), Some(r)) if r.status == Status::Running => r.status = status,
            _ => return self,
        }
        Rc::new(next)
    }
}

/// What the review gives the page.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewHandle {
    /// The review of the game on the table, if there is one.
    pub review: Option<Review>,
    pub start: Callback<()>,
    pub cancel: Callback<()>,
}

/// The review of `game` (the game on the table).
#[hook]
pub fn use_review(game: &Game) -> ReviewHandle {
    let slot = use_reducer(Slot::default);
    let link = use_mut_ref(|| None::<EngineLink>);
    let epoch = use_mut_ref(|| 0u32);
    let start = {
        let (slot, link, epoch, game) = (slot.clone(), link.clone(), epoch.clone(), game.clone());
        Callback::from(move |()| {
            let e = {
                let mut e = epoch.borrow_mut();
                *e = e.wrapping_add(1);
                *e
            };
            // A review still running ends with its worker.
            *link.borrow_mut() = None;
            slot.dispatch(Change::Begin(Review::new(e, &game, clock_ms())));
            let d = slot.dispatcher();
            // Where the endgame tables or the analysis's solves reach, the
            // worker that has them.
            let script = if !crate::review::needs_tables_worker(&game) {
                "./worker.js"
            } else {
                "./worker-tables.js"
            };
            let spawned = EngineLink::spawn(script, move |msg| match msg {
                FromWorker::Review(m) => d.dispatch(Change::Take(m)),
                FromWorker::Failed(why) => d.dispatch(Change::Stop(Status::Failed(why))),
                _ => {}
            });
            match spawned {
                Ok(l) => {
                    l.send_text(Start::new(e, &game, DEFAULT_DEPTH).encode());
                    *link.borrow_mut() = Some(l);
                }
                Err(why) => slot.dispatch(Change::Stop(Status::Failed(why))),
            }
        })
    };
    let cancel = {
        let (slot, link) = (slot.clone(), link.clone());
        Callback::from(move |()| {
            *link.borrow_mut() = None;
            slot.dispatch(Change::Stop(Status::Cancelled));
        })
    };
    let review = slot.0.clone().filter(|r| r.fits(game));
    // A finished review lets its worker go; another game ends one running.
    let running = review.as_ref().is_some_and(|r| r.status == Status::Running);
    {
        let (slot, link) = (slot.clone(), link.clone());
        use_effect_with(running, move |&running| {
            if !running && link.borrow_mut().take().is_some() {
                slot.dispatch(Change::Stop(Status::Cancelled));
            }
        });
    }
    ReviewHandle {
        review,
        start,
        cancel,
    }
}

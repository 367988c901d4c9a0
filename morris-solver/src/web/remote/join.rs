//! Futures run together, as `Promise.all` runs promises: every request of
//! a probe goes out at once, and the probe goes on when all are answered.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

/// The futures of `futures`, all polled each time one may go on; their
/// outputs in their order once every one is done.
pub(super) fn join_all<F: Future>(futures: impl IntoIterator<Item = F>) -> JoinAll<F> {
    JoinAll {
        slots: futures.into_iter().map(|f| Slot::Running(Box::pin(f))).collect(),
    }
}

enum Slot<F: Future> {
    Running(Pin<Box<F>>),
    Done(Option<F::Output>),
}

/// What [`join_all`] returns.
pub(super) struct JoinAll<F: Future> {
    slots: Vec<Slot<F>>,
}

impl<F: Future> std::fmt::Debug for JoinAll<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JoinAll({} futures)", self.slots.len())
    }
}

// The futures are boxed (pinned on the heap), so the slots may move.
impl<F: Future> Unpin for JoinAll<F> {}

impl<F: Future> Future for JoinAll<F> {
    type Output = Vec<F::Output>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Vec<F::Output>> {
        let mut pending = false;
        for slot in &mut self.slots {
            if let Slot::Running(f) = slot {
                match f.as_mut().poll(cx) {
                    Poll::Ready(out) => *slot = Slot::Done(Some(out)),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            return Poll::Pending;
        }
        let outputs = self
            .slots
            .iter_mut()
            .filter_map(|slot| match slot {
                Slot::Done(out) => out.take(),
                Slot::Running(_) => None,
            })
            .collect();
        Poll::Ready(outputs)
    }
}

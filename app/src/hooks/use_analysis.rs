//! The analysis board's worker: its own copy of the worker with the
//! tables, started when the board opens and ended when it closes. The
//! shown position is sent whenever it changes (under the study's epoch,
//! so that an answer about an earlier position is dropped), and a stop
//! when the person stops the thinking.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::analysis::protocol::{Exact, FromAnalysis, PvLine, ToAnalysis};
use crate::analysis::Study;
use crate::engine::EngineLink;
use crate::link::{self, Mode};

/// What the analysis has said of the shown position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysed {
    /// The last depth searched, whether the search is over, the lines.
    pub lines: Option<(u32, bool, Rc<Vec<PvLine>>)>,
    pub exact: Option<Rc<Exact>>,
    /// The worker could not start, or broke.
    pub failed: Option<String>,
}

/// What changes what the analysis said.
pub enum Said {
    Heard(FromAnalysis),
    /// Another position (or thinking again): what was said is dropped.
    Forget,
}

impl Reducible for Analysed {
    type Action = Said;

    fn reduce(self: Rc<Self>, said: Said) -> Rc<Analysed> {
        let mut next = (*self).clone();
        match said {
            Said::Forget => (next.lines, next.exact) = (None, None),
            Said::Heard(FromAnalysis::Failed(why)) => next.failed = Some(why),
            Said::Heard(FromAnalysis::Lines {
                depth, done, lines, ..
            }) => next.lines = Some((depth, done, Rc::new(lines))),
            Said::Heard(FromAnalysis::Exact { exact, .. }) => next.exact = Some(Rc::new(exact)),
        }
        Rc::new(next)
    }
}

/// Thinks about `study`'s shown position while `running`.
#[hook]
pub fn use_analysis(study: &Study, running: bool) -> Analysed {
    let said = use_reducer(Analysed::default);
    let epoch = use_memo((), |_| Cell::new(study.epoch));
    let link = {
        let (send, epoch) = (said.dispatcher(), epoch.clone());
        use_memo((), move |_| {
            let on_message = move |msg: FromAnalysis| match msg {
                FromAnalysis::Lines { epoch: e, .. } | FromAnalysis::Exact { epoch: e, .. }
                    if e != epoch.get() => {}
                msg => send.dispatch(Said::Heard(msg)),
            };
            EngineLink::spawn_with(
                "./worker-tables.js",
                FromAnalysis::decode,
                FromAnalysis::Failed,
                on_message,
            )
        })
    };
    {
        let (send, game) = (said.dispatcher(), study.shown());
        use_effect_with((study.epoch, running), move |&(e, running)| {
            let moved = epoch.replace(e) != e;
            match &*link {
                Ok(link) => {
                    let msg = if running {
                        ToAnalysis::Analyse {
                            epoch: e,
                            game: link::format(Mode::default(), &game, &[], None),
                        }
                    } else {
                        ToAnalysis::Stop
                    };
                    link.send_text(msg.encode());
                }
                Err(why) => send.dispatch(Said::Heard(FromAnalysis::Failed(why.clone()))),
            }
            if running || moved {
                send.dispatch(Said::Forget);
            }
        });
    }
    (*said).clone()
}

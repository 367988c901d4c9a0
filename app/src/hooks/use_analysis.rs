//! The analysis board's worker: its own copy of the worker with the
//! tables, started when the board opens and ended when it closes. The
//! shown position is sent whenever it changes (under the study's epoch,
//! so that an answer about an earlier position is dropped), and a stop
//! when the thinking stops: asked, at its limit on one position, or
//! when the tab is hidden ([`use_pauses`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::analysis::protocol::{Exact, FromAnalysis, PvLine, ToAnalysis};
use crate::analysis::{Pause, Study, Thinking, ThinkingAction, THINK_LIMIT_MS};
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
    // Lines the worker finished after a stop was sent (it reads messages
    // only between two slices) are dropped: stopped, the lines stay.
    let live = use_memo((), |_| Cell::new(running));
    let link = {
        let (send, epoch, live) = (said.dispatcher(), epoch.clone(), live.clone());
        use_memo((), move |_| {
            let on_message = move |msg: FromAnalysis| match msg {
                FromAnalysis::Lines { epoch: e, .. } | FromAnalysis::Exact { epoch: e, .. }
                    if e != epoch.get() => {}
                FromAnalysis::Lines { .. } if !live.get() => {}
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
    // Nine's tables for range reads: a worker of their own, started with
    // the board on a game of Nine's standard rules (its start is then not
    // in the time of the first position the tables serve; nothing of them
    // is fetched before that position), answers while the search thinks.
    let web = use_mut_ref(|| None::<Result<EngineLink, String>>);
    // The line the worker of the tables was asked last, to ask again.
    let asked_web = use_mut_ref(|| None::<String>);
    {
        let (asked_web, web) = (asked_web.clone(), web.clone());
        let (send, game) = (said.dispatcher(), study.shown());
        use_effect_with((study.epoch, running), move |&(e, running)| {
            let moved = epoch.replace(e) != e;
            live.set(running);
            let text = link::format(Mode::default(), &game, &[], None);
            let ask = |web| {
                if running {
                    ToAnalysis::Analyse {
                        epoch: e,
                        game: text.clone(),
                        web,
                    }
                } else {
                    ToAnalysis::Stop
                }
                .encode()
            };
            match &*link {
                Ok(link) => link.send_text(ask(false)),
                Err(why) => send.dispatch(Said::Heard(FromAnalysis::Failed(why.clone()))),
            }
            if running || moved {
                send.dispatch(Said::Forget);
            }
            let for_web = running && crate::web_tables::moves_valued(game.position());
            let nine = *game.position().rules() == morris_core::Variant::Nine.rules();
            let mut web = web.borrow_mut();
            if nine && web.is_none() {
                *web = Some(spawn_web(send.clone(), epoch.clone()));
            }
            *asked_web.borrow_mut() = for_web.then(|| ask(true));
            match web.as_ref() {
                Some(Ok(link)) => link.send_text(if for_web {
                    ask(true)
                } else {
                    ToAnalysis::Stop.encode()
                }),
                Some(Err(_)) if for_web => send.dispatch(Said::Heard(FromAnalysis::Exact {
                    epoch: e,
                    exact: Exact::Missing,
                })),
                _ => {}
            }
        });
    }
    let needs_network = matches!(said.exact.as_deref(), Some(Exact::Network));
    use_ask_again_online(needs_network, web, asked_web);
    (*said).clone()
}

/// While the shown position's values need the network, asks the worker
/// of the tables again when the browser is back online (`online`), so
/// that "needs the network" goes once it is there.
#[hook]
fn use_ask_again_online(
    needs: bool,
    web: Rc<RefCell<Option<Result<EngineLink, String>>>>,
    asked: Rc<RefCell<Option<String>>>,
) {
    use_effect_with(needs, move |&needs| {
        let listener = web_sys::window().filter(|_| needs).map(|w| {
            EventListener::new(&w, "online", move |_| {
                let line = asked.borrow().clone();
                if let (Some(Ok(link)), Some(line)) = (web.borrow().as_ref(), line) {
                    link.send_text(line);
                }
            })
        });
        move || drop(listener)
    });
}

/// The worker of Nine's tables for range reads
/// (`crate::analysis::web_worker`): its values of the shown position
/// (`epoch`) go where the search's go; if it cannot start or breaks, they
/// cannot be had, and the search goes on.
fn spawn_web(send: UseReducerDispatcher<Analysed>, epoch: Rc<Cell<u32>>) -> Result<EngineLink, String> {
    EngineLink::spawn_with(
        "./worker-web.js",
        FromAnalysis::decode,
        FromAnalysis::Failed,
        move |msg| match msg {
            FromAnalysis::Exact { epoch: e, .. } if e != epoch.get() => {}
            FromAnalysis::Exact { .. } => send.dispatch(Said::Heard(msg)),
            FromAnalysis::Failed(_) => send.dispatch(Said::Heard(FromAnalysis::Exact {
                epoch: epoch.get(),
                exact: Exact::Missing,
            })),
            FromAnalysis::Lines { .. } => {}
        },
    )
}

/// Whether the analysis thinks about the shown position (`epoch`): it
/// starts paused by `first` (a review that has the machine first), stops
/// by itself ([`use_pauses`]), thinks again about another position after
/// its limit on the last, and once the review it waited for is over.
#[hook]
pub fn use_thinking(first: Option<Pause>, epoch: u32, review_over: bool) -> UseReducerHandle<Thinking> {
    let thinking = use_reducer(|| Thinking { paused: first });
    let running = thinking.running();
    {
        let pause = thinking.dispatcher();
        use_pauses(
            epoch,
            running,
            Callback::from(move |why| pause.dispatch(ThinkingAction::Pause(why))),
        );
    }
    {
        let thinking = thinking.dispatcher();
        use_effect_with(epoch, move |_| thinking.dispatch(ThinkingAction::Moved));
    }
    {
        let thinking = thinking.dispatcher();
        use_effect_with(review_over, move |&over| {
            if over {
                thinking.dispatch(ThinkingAction::ReviewOver);
            }
        });
    }
    thinking
}

/// The Stop / Resume button's press.
pub fn thinking_toggle(thinking: &UseReducerHandle<Thinking>) -> Callback<MouseEvent> {
    let (running, thinking) = (thinking.running(), thinking.dispatcher());
    Callback::from(move |_: MouseEvent| {
        thinking.dispatch(if running {
            ThinkingAction::Pause(Pause::Asked)
        } else {
            ThinkingAction::Resume
        })
    })
}

/// Stops the thinking by itself (`pause`): after [`THINK_LIMIT_MS`] on
/// one position (`epoch`) while `running` (`mulino.analysis-limit` in
/// `localStorage` sets another, in seconds, for tests), and when the tab
/// is hidden. Resume is the person's: a tab shown again stays stopped.
#[hook]
fn use_pauses(epoch: u32, running: bool, pause: Callback<Pause>) {
    {
        let pause = pause.clone();
        use_effect_with((epoch, running), move |&(_, running)| {
            let limit = crate::storage::load_analysis_limit_ms().unwrap_or(THINK_LIMIT_MS);
            let timer = running.then(|| Timeout::new(limit, move || pause.emit(Pause::Limit)));
            move || drop(timer)
        });
    }
    use_effect_with((), move |_| {
        let doc = web_sys::window().and_then(|w| w.document());
        let listener = doc.clone().map(|d| {
            EventListener::new(&d, "visibilitychange", move |_| {
                if doc.as_ref().is_some_and(web_sys::Document::hidden) {
                    pause.emit(Pause::Hidden);
                }
            })
        });
        move || drop(listener)
    });
}

/// The analysis board's root, kept where its keys are read: when the
/// focus is lost (a clicked line or move is drawn away, and the focus
/// falls to the dialog or the page's body), the root takes it back after
/// the render, so that the arrow keys still step through the game. Focus
/// on any element is left where it is.
#[hook]
pub fn use_keys_kept() -> NodeRef {
    let root = use_node_ref();
    {
        let root = root.clone();
        use_effect(move || {
            let Some(el) = root.cast::<web_sys::HtmlElement>() else {
                return;
            };
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            let lost = active.is_none_or(|a| matches!(a.tag_name().as_str(), "BODY" | "DIALOG"));
            if lost {
                let _ = el.focus();
            }
        });
    }
    root
}

/// Shows the top of the analysis board under `root` (a pasted position's
/// board, where a phone's page was scrolled down to the paste box).
pub fn show_board_top(root: &NodeRef) {
    let Some(el) = root.cast::<web_sys::Element>() else {
        return;
    };
    el.set_scroll_top(0);
    if let Some(body) = el.query_selector(".analysis-body").ok().flatten() {
        body.set_scroll_top(0);
    }
}

/// Keeps the shown turn (`ply`) in view: on each change, the line of play
/// under the returned node scrolls to its current turn, and the review's
/// words about it (`[data-review-explain]`) come into the view of the
/// board's scrolling body. Done in the next frame, where the browser lays
/// out anyway.
#[hook]
pub fn use_shown_in_view(ply: usize) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(ply, move |_| {
            let scroll = move || {
                let Some(side) = node.cast::<web_sys::Element>() else {
                    return;
                };
                let list = side.query_selector("[data-analysis-moves]").ok().flatten();
                let current = list
                    .as_ref()
                    .and_then(|l| l.query_selector("[aria-current]").ok().flatten());
                if let (Some(list), Some(current)) = (&list, current) {
                    keep_in_view(list, &current, &current);
                }
                let words = side.query_selector("[data-review-explain]").ok().flatten();
                let body = side.closest(".analysis-body").ok().flatten();
                if let (Some(body), Some(words)) = (body, words) {
                    // In one column the words come under the board: both.
                    let board = body
                        .query_selector(".analysis-board")
                        .ok()
                        .flatten()
                        .filter(|b| one_column(b, &words));
                    keep_in_view(&body, board.as_ref().unwrap_or(&words), &words);
                }
            };
            if let Some(w) = web_sys::window() {
                let _ = w.request_animation_frame(Closure::once_into_js(scroll).unchecked_ref());
            }
        });
    }
    node
}

/// Whether `a` and `b` stand one above the other (they share some width),
/// as the board and the side do on a phone, not side by side.
fn one_column(a: &web_sys::Element, b: &web_sys::Element) -> bool {
    let (a, b) = (a.get_bounding_client_rect(), b.get_bounding_client_rect());
    a.left() < b.right() && b.left() < a.right()
}

/// Scrolls `scroller` by as little as shows all from the top of `first`
/// to the bottom of `last` (its top first, where it is taller).
fn keep_in_view(scroller: &web_sys::Element, first: &web_sys::Element, last: &web_sys::Element) {
    let outer = scroller.get_bounding_client_rect();
    let (top, bottom) = (
        first.get_bounding_client_rect().top(),
        last.get_bounding_client_rect().bottom(),
    );
    let margin = 8.0;
    let by = if top < outer.top() || bottom - top > outer.height() {
        top - outer.top() - margin
    } else if bottom > outer.bottom() {
        bottom - outer.bottom() + margin
    } else {
        return;
    };
    scroller.set_scroll_top(scroller.scroll_top() + by as i32);
}

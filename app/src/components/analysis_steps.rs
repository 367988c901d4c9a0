//! The analysis board's line of play: one button a turn (the one shown is
//! marked, and the game review's marks follow their turns), and the
//! buttons that step through it. The line is one Tab stop, as the table's
//! move list is (the turn shown, the first at the start): the arrow keys
//! step through it (`analysis_table`), the focus going with the turn shown.

use gloo_timers::callback::Timeout;
use morris_engine::Mark;
use yew::prelude::*;

use super::button::icon;
use super::move_rows::rows;
use crate::analysis::Study;
use crate::browser;
use crate::i18n::Lang;

/// The ply an arrow, Home or End key steps to from the shown one; in the
/// line (`in_line`) Up and Down step too, as in the table's move list.
fn step_for_key(study: &Study, key: &str, in_line: bool) -> Option<usize> {
    let (shown, n) = (study.ply, study.line.moves().len());
    match key {
        "ArrowLeft" => Some(shown.saturating_sub(1)),
        "ArrowUp" if in_line => Some(shown.saturating_sub(1)),
        "ArrowRight" => Some((shown + 1).min(n)),
        "ArrowDown" if in_line => Some((shown + 1).min(n)),
        "Home" => Some(0),
        "End" => Some(n),
        _ => None,
    }
}

/// The arrow, Home and End keys over the analysis board: they step
/// through `study` (with `go`), except on the board, whose arrow keys move
/// its cursor, and in a field, whose keys move the caret.
pub fn step_keys(study: UseReducerHandle<Study>, go: Callback<usize>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let target = e.target_dyn_into::<web_sys::Element>();
        let within = |sel: &str| {
            target
                .as_ref()
                .is_some_and(|t| t.closest(sel).ok().flatten().is_some())
        };
        let in_line = within("[data-analysis-moves]");
        let step = step_for_key(&study, &e.key(), in_line);
        if let Some(ply) = step.filter(|_| !within("svg, textarea") && !e.alt_key()) {
            e.prevent_default();
            go.emit(ply);
            // From a turn of the line, the focus follows the turn shown
            // once it is drawn.
            if in_line {
                Timeout::new(0, focus_shown_turn).forget();
            }
        }
    })
}

/// Where the line is one's own, what it replaced of the game and the way
/// back to the game's turns (`back`), which are kept.
fn side_line(lang: Lang, study: &Study, back: &Callback<()>) -> Html {
    let Some(shared) = study.side_line() else {
        return html! {};
    };
    let replaced = study.game.move_texts().get(shared).cloned().unwrap_or_default();
    html! {
        <div class="row side-line" role="status" data-side-line={shared.to_string()}>
            <p>{ lang.fmt("analysis.side-line", &[&replaced]) }</p>
            <button type="button" class="btn" data-action="back-to-game" onclick={back.reform(|_: MouseEvent| ())}>
                { lang.t("action.live") }
            </button>
        </div>
    }
}

/// Puts the focus on the line's Tab stop: the turn the analysis board
/// shows, or the first at the start.
pub fn focus_shown_turn() {
    browser::focus_first("[data-analysis-moves] button[tabindex='0']");
}

/// The line of `study`; `marks` are the review's, turn by turn (as far as
/// reviewed). A turn and its mark are isolated left to right, so that they
/// read `d1?` in a right-to-left language too. `back` goes back to the
/// game's own turns from a line of one's own.
pub fn analysis_steps(
    lang: Lang,
    study: &Study,
    marks: &[Mark],
    go: &Callback<usize>,
    back: &Callback<()>,
) -> Html {
    let (shown, texts) = (study.ply, study.texts());
    let n = texts.len();
    let to = |ply: usize| go.reform(move |_: MouseEvent| ply);
    let rows = rows(&study.line);
    // One Tab stop for the whole line (a roving tabindex).
    let stop = shown.clamp(1, n.max(1));
    let items = texts.iter().zip(rows).enumerate().map(|(i, (text, row))| {
        let ply = i + 1;
        let mark = marks.get(i).map_or("", |m| m.as_str());
        let tabindex = if ply == stop { "0" } else { "-1" };
        html! {
            <li key={ply} data-ply={ply.to_string()} data-number={row.number.clone()} class={row.class()}
                data-mark={(!mark.is_empty()).then_some(mark)}>
                <button type="button" {tabindex} aria-current={(shown == ply).then_some("step")} onclick={to(ply)}>
                    <bdi dir="ltr">{ text }if !mark.is_empty() { <span class="mark">{ mark }</span> }</bdi></button>
            </li>
        }
    });
    html! {
        <section class="moves-panel analysis-steps" aria-label={lang.t("moves.title")}>
            { side_line(lang, study, back) }
            <ol class="moves" data-analysis-moves="">{ for items }</ol>
            <div class="stepper">
                <button type="button" class="btn icon" title={lang.t("action.first")} aria-label={lang.t("action.first")}
                        disabled={shown == 0} onclick={to(0)}>{ icon("M7 5v14M18 5l-8 7 8 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("action.prev")} aria-label={lang.t("action.prev")}
                        disabled={shown == 0} onclick={to(shown.saturating_sub(1))}>{ icon("M16 5l-9 7 9 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("action.next")} aria-label={lang.t("action.next")}
                        disabled={shown == n} onclick={to(shown + 1)} data-action="analysis-next">{ icon("M8 5l9 7-9 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("analysis.end")} aria-label={lang.t("analysis.end")}
                        disabled={shown == n} onclick={to(n)}>{ icon("M17 5v14M6 5l8 7-8 7z") }</button>
            </div>
        </section>
    }
}

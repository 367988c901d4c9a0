//! The engine's side of the analysis board: the evaluation bar, whose
//! turn it is and from whose side the scores are (Light's), the depth
//! reached, the three best lines (each a button that plays it), the
//! button that stops or resumes the thinking, and why it stopped. Where
//! the tables (or a solve) answer the position, its exact values say what
//! each line is worth, as soon as they come, before any search.

use std::rc::Rc;

use morris_core::{Color, Outcome, Position};
use morris_engine::review::exact_score;
use morris_solver::Value;
use yew::prelude::*;

use super::status_text::color_name;
use crate::analysis::protocol::{Exact, PvLine};
use crate::analysis::think::LINES;
use crate::analysis::{light_share, score_text, value_text, Pause};
use crate::hooks::{Analysed, LineHold};
use crate::i18n::Lang;

/// The exact values of the position's moves, if the tables answer it.
fn exact_values(a: &Analysed) -> Option<&[(String, Value)]> {
    match a.exact.as_deref() {
        Some(Exact::Values(v)) if !v.is_empty() => Some(v),
        _ => None,
    }
}

/// The lines to show: the search's, else the best exact moves (best
/// first) while the search has not answered yet.
fn shown_lines(a: &Analysed, exact: Option<&[(String, Value)]>) -> Rc<Vec<PvLine>> {
    match (&a.lines, exact) {
        (Some((_, _, lines)), _) => lines.clone(),
        (None, Some(values)) => Rc::new(
            values
                .iter()
                .take(LINES)
                .map(|(m, v)| PvLine {
                    score: exact_score(*v),
                    moves: vec![m.clone()],
                })
                .collect(),
        ),
        (None, None) => Rc::default(),
    }
}

/// What a line is worth: its first move's exact value where there is one
/// ("draw", "Dark wins in 12 plies"), else the search's score.
fn line_worth(lang: Lang, line: &PvLine, exact: Option<&[(String, Value)]>, turn: Color) -> String {
    let first = line.moves.first();
    match exact.and_then(|v| v.iter().find(|(m, _)| Some(m) == first)) {
        Some((_, value)) => value_text(lang, *value, turn),
        None => score_text(lang, line.score, turn),
    }
}

/// What the lines panel is given.
pub struct LinesPanel<'a> {
    pub lang: Lang,
    pub pos: &'a Position,
    pub analysed: &'a Analysed,
    /// Why the thinking is stopped, if it is.
    pub paused: Option<Pause>,
    pub on_toggle: Callback<MouseEvent>,
    /// Plays a line (its turns in notation).
    pub on_line: Callback<Vec<String>>,
    /// Holds the lines still while one has the focus.
    pub hold: &'a LineHold,
}

/// The evaluation bar's light share and words on a finished game: full
/// for the winner, half for a draw.
fn result(lang: Lang, outcome: Outcome) -> (f64, String) {
    match outcome.winner {
        Some(Color::Light) => (100.0, lang.fmt("status.wins", &[&color_name(lang, Color::Light)])),
        Some(Color::Dark) => (0.0, lang.fmt("status.wins", &[&color_name(lang, Color::Dark)])),
        None => (50.0, lang.t("status.draw")),
    }
}

pub fn analysis_lines(p: &LinesPanel) -> Html {
    let (lang, turn) = (p.lang, p.pos.turn());
    let outcome = p.pos.terminal();
    let over = outcome.is_some();
    let lines = p.analysed.lines.as_ref();
    let exact = exact_values(p.analysed);
    let items = p.hold.shown(*p.pos, shown_lines(p.analysed, exact));
    let (depth, done) = lines.map_or((0, false), |(d, done, _)| (*d, *done));
    // The best exact value, where there is one, else the best line's.
    let best = exact
        .and_then(|v| v.first())
        .map(|(_, v)| exact_score(*v))
        .or_else(|| items.first().map(|l| l.score));
    let worth = |line: &PvLine| line_worth(lang, line, exact, turn);
    // A finished game shows its result, never the half of no thinking.
    let (share, best_text) = match outcome.map(|o| result(lang, o)) {
        Some((share, text)) => (share, Some(text)),
        None => (
            best.map_or(50.0, |s| light_share(s, turn)),
            exact
                .and_then(|v| v.first())
                .map(|(_, v)| value_text(lang, *v, turn))
                .or_else(|| best.map(|s| score_text(lang, s, turn))),
        ),
    };
    let status = if let Some(why) = &p.analysed.failed {
        lang.fmt("analysis.failed", &[why])
    } else if over {
        // The result in words beside the bar that shows it.
        match &best_text {
            Some(result) => format!("{result} · {}", lang.t("analysis.over")),
            None => lang.t("analysis.over"),
        }
    } else if exact.is_some() {
        lang.t("analysis.exact")
    } else if lines.is_none() && p.paused.is_none() {
        lang.t("analysis.thinking")
    } else {
        lang.fmt("analysis.depth", &[&depth.to_string()])
    };
    let awaited =
        lines.is_none() && !over && exact.is_none() && p.analysed.failed.is_none() && p.paused.is_none();
    // Why it stopped, unless it had nothing left to think about.
    let stopped = p.paused.filter(|_| !over && !done && p.analysed.failed.is_none());
    // The meter always has a name (axe: aria-meter-name), the score with it.
    let meter_name = match &best_text {
        Some(s) => format!("{}: {s}", lang.t("analysis.eval")),
        None => lang.t("analysis.eval"),
    };
    let rows = items.iter().enumerate().map(|(i, line)| {
        let moves = line.moves.clone();
        let on_line = p.on_line.clone();
        html! {
            <li key={i}>
                <button type="button" class="analysis-line" data-line={i.to_string()}
                        onclick={Callback::from(move |_: MouseEvent| on_line.emit(moves.clone()))}>
                    <span class="line-score" dir="auto">{ worth(line) }</span>
                    <span class="line-moves" dir="ltr">{ line.moves.join(" ") }</span>
                </button>
            </li>
        }
    });
    let (toggle, action) = if p.paused.is_none() {
        ("analysis.stop", "stop-analysis")
    } else {
        ("analysis.resume", "resume-analysis")
    };
    html! {
        <section class="analysis-engine" aria-label={lang.t("analysis.lines")}>
            <div class="eval-bar" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow={format!("{share:.0}")}
                 aria-label={meter_name} data-eval={best_text}>
                <div class="eval-light" style={format!("width:{share:.1}%")}></div>
            </div>
            if !over {
                <p class="analysis-turn" data-turn={turn.name()}>
                    { lang.fmt("status.to_play", &[&color_name(lang, turn)]) }{ " · " }{ lang.t("analysis.scores") }
                </p>
            }
            <p class="analysis-status" role="status" data-depth={depth.to_string()} data-done={done.then_some("")}
               data-exact={exact.is_some().then_some("")}
               data-stopped={stopped.map(Pause::name)}>
                { status }
                if let Some(why) = stopped {
                    <span class="analysis-stopped">{ lang.t(&format!("analysis.stopped-{}", why.name())) }</span>
                }
            </p>
            // Room for three lines while the first are awaited, so that
            // nothing under them jumps when they come.
            <ol class="analysis-lines" data-lines={items.len().to_string()} data-awaited={awaited.then_some("")}
                onfocusin={p.hold.on_focus_in(*p.pos, items.clone())} onfocusout={p.hold.on_focus_out()}>{ for rows }</ol>
            if !over && !done && p.analysed.failed.is_none() {
                <button type="button" class="btn" data-action={action} onclick={p.on_toggle.clone()}>
                    { lang.t(toggle) }
                </button>
            }
        </section>
    }
}

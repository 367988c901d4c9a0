//! The engine's side of the analysis board: the evaluation bar, the depth
//! reached, the three best lines (each a button that plays it), the
//! button that stops or resumes the thinking, and why it stopped.

use morris_core::Position;
use yew::prelude::*;

use crate::analysis::{light_share, score_text, Pause};
use crate::hooks::Analysed;
use crate::i18n::Lang;

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
}

pub fn analysis_lines(p: &LinesPanel) -> Html {
    let (lang, turn) = (p.lang, p.pos.turn());
    let over = p.pos.terminal().is_some();
    let lines = p.analysed.lines.as_ref();
    let (depth, done) = lines.map_or((0, false), |(d, done, _)| (*d, *done));
    let best = lines.and_then(|(_, _, l)| l.first()).map(|l| l.score);
    let share = best.map_or(50.0, |s| light_share(s, turn));
    let status = if let Some(why) = &p.analysed.failed {
        lang.fmt("analysis.failed", &[why])
    } else if over {
        lang.t("analysis.over")
    } else if lines.is_none() && p.paused.is_none() {
        lang.t("analysis.thinking")
    } else {
        lang.fmt("analysis.depth", &[&depth.to_string()])
    };
    // Why it stopped, unless it had nothing left to think about.
    let stopped = p.paused.filter(|_| !over && !done && p.analysed.failed.is_none());
    // The meter always has a name (axe: aria-meter-name), the score with it.
    let meter_name = match best {
        Some(s) => format!("{}: {}", lang.t("analysis.eval"), score_text(lang, s, turn)),
        None => lang.t("analysis.eval"),
    };
    let items = lines.map(|(_, _, l)| l.clone()).unwrap_or_default();
    let rows = items.iter().enumerate().map(|(i, line)| {
        let moves = line.moves.clone();
        let on_line = p.on_line.clone();
        html! {
            <li key={i}>
                <button type="button" class="analysis-line" data-line={i.to_string()}
                        onclick={Callback::from(move |_: MouseEvent| on_line.emit(moves.clone()))}>
                    <span class="line-score">{ score_text(lang, line.score, turn) }</span>
                    <span class="line-moves">{ line.moves.join(" ") }</span>
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
                 aria-label={meter_name} data-eval={best.map(|s| score_text(lang, s, turn))}>
                <div class="eval-light" style={format!("width:{share:.1}%")}></div>
            </div>
            <p class="analysis-status" role="status" data-depth={depth.to_string()} data-done={done.then_some("")}
               data-stopped={stopped.map(Pause::name)}>
                { status }
                if let Some(why) = stopped {
                    <span class="analysis-stopped">{ lang.t(&format!("analysis.stopped-{}", why.name())) }</span>
                }
            </p>
            <ol class="analysis-lines" data-lines={items.len().to_string()}>{ for rows }</ol>
            if !over && !done && p.analysed.failed.is_none() {
                <button type="button" class="btn" data-action={action} onclick={p.on_toggle.clone()}>
                    { lang.t(toggle) }
                </button>
            }
        </section>
    }
}

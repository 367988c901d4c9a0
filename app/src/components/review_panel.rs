//! The review panel, on the analysis board: "Review" for the board's
//! game; while the review runs, its progress and a cancel button; then
//! the graph of the evaluation, the marked turns (each a button to the
//! position it was played from, where the board shows the better move);
//! and the marked turn at hand said in words, shown beside the line of
//! play. Turns are numbered as the move list numbers them (`9.`, `9…`).

use morris_core::{Color, Game};
use morris_engine::review::win_let_go;
use morris_engine::{Mark, Score};
use yew::prelude::*;

use super::move_rows::rows;
use super::review_graph::review_graph;
use crate::analysis::plain_text;
use crate::hooks::ReviewHandle;
use crate::i18n::Lang;
use crate::review::protocol::{TurnLine, DEFAULT_DEPTH};
use crate::review::{Review, Status};

/// What the panel shows: the review `handle` of `game`, whose position
/// after `shown` turns is on the board; `go` shows another.
pub struct ReviewView<'a> {
    pub lang: Lang,
    pub game: &'a Game,
    pub shown: usize,
    pub go: &'a Callback<usize>,
    pub handle: &'a ReviewHandle,
}

/// A turn's number as the move list writes it: `9.` for the side that
/// began the game, `9…` for the other (one numbering in the list and the
/// review's words).
pub fn move_label(game: &Game, turn: usize) -> String {
    let rows = rows(game);
    let Some(row) = turn.checked_sub(1).and_then(|i| rows.get(i)) else {
        return turn.to_string();
    };
    let number = rows[..turn]
        .iter()
        .rev()
        .find_map(|r| r.number.clone())
        .unwrap_or_default();
    if row.first {
        format!("{number}.")
    } else {
        format!("{number}…")
    }
}

/// Notation (`9.`, `e4`, `d6-d5`) inside words of a right-to-left
/// language, isolated left to right, so that `9.` does not read `.9`.
fn ltr(lang: Lang, text: &str) -> String {
    if lang.dir() == "rtl" {
        format!("\u{2066}{text}\u{2069}")
    } else {
        text.to_string()
    }
}

/// The marked turn at the shown position, in words, shown next to the
/// line of play (`analysis_table`), where the eye already is.
pub fn review_explain(v: &ReviewView) -> Html {
    let explained = v
        .handle
        .review
        .as_ref()
        .and_then(|r| explain(v, r, &v.game.move_texts()));
    explained.unwrap_or_default()
}

fn explain(v: &ReviewView, review: &Review, texts: &[String]) -> Option<Html> {
    let (lang, shown) = (v.lang, v.shown);
    // The turn played from the shown position first, marked or both
    // losing; then the turn that led to it.
    let ahead = review.explained(shown).filter(|(_, before)| *before);
    let both = |turn: usize| {
        review
            .both_lose(turn)
            .map(|line| both_lose(v, review, line, texts))
    };
    if ahead.is_none() {
        if let Some(words) = both(shown + 1) {
            return Some(words);
        }
    }
    let Some((line, before)) = ahead.or_else(|| review.explained(shown)) else {
        return both(shown);
    };
    let side = review.position_before(line.turn)?.turn();
    let side_color = side;
    let what = lang.t(match line.mark {
        Mark::Blunder => "review.blunder",
        _ if win_missed(line, side) => "review.win-missed",
        _ => "review.mistake",
    });
    let played = texts.get(line.turn - 1).cloned().unwrap_or_default();
    let key = if before {
        "review.explain-before"
    } else {
        "review.explain-after"
    };
    let side = lang.t(&format!("color.{}", side.name()));
    let (label, played, best) = (
        ltr(lang, &move_label(v.game, line.turn)),
        ltr(lang, &played),
        ltr(lang, &line.best),
    );
    let text = lang.fmt(key, &[&label, &side, &played, &what, &best]);
    Some(explained(line, text, basis(lang, line, side_color), false))
}

/// Whether `mover`'s turn let a forced win go for a lead kept
/// ([`win_let_go`]: a mistake, not a blunder; the played turn may win
/// more slowly, beyond the review's horizon).
fn win_missed(line: &TurnLine, mover: Color) -> bool {
    let for_mover = |s: Score| if mover == Color::Light { s } else { s.flip() };
    win_let_go(for_mover(line.before), for_mover(line.after))
}

/// A turn that was not the engine's choice where both lose: said so, with
/// nothing marked and no better move.
fn both_lose(v: &ReviewView, review: &Review, line: &TurnLine, texts: &[String]) -> Html {
    let lang = v.lang;
    let mover = review
        .position_before(line.turn)
        .map(|p| p.turn())
        .unwrap_or(Color::Light);
    let side = lang.t(&format!("color.{}", mover.name()));
    let played = texts.get(line.turn - 1).cloned().unwrap_or_default();
    let (label, played, best) = (
        ltr(lang, &move_label(v.game, line.turn)),
        ltr(lang, &played),
        ltr(lang, &line.best),
    );
    let text = lang.fmt("review.both-lose", &[&label, &side, &played, &best]);
    explained(line, text, basis(lang, line, mover), true)
}

/// The review's own view of the turn, in plain words, so that the
/// analysis's (deeper, later) can be told apart from what it stands on.
/// When the words before and after are the same (one band of
/// [`plain_text`]) though `mover` lost half a piece or more, the words
/// after say that loss instead of the same words twice (in words too: no
/// figures).
fn basis(lang: Lang, line: &TurnLine, mover: Color) -> String {
    if line.exact {
        let said = |s: Score| match s {
            Score::Value(0) => lang.t("review.exact-draw"),
            s => plain_text(lang, s, Color::Light),
        };
        return lang.fmt("review.basis-exact", &[&said(line.before), &said(line.after)]);
    }
    let (was, then) = (
        plain_text(lang, line.before, Color::Light),
        plain_text(lang, line.after, Color::Light),
    );
    // A mark stands on the review's second, deeper look (Reviewer::step).
    let depth = DEFAULT_DEPTH + morris_engine::review::CONFIRM_PLIES;
    let lost = match (line.before, line.after) {
        (Score::Value(before), Score::Value(after)) if mover == Color::Light => before - after,
        (Score::Value(before), Score::Value(after)) => after - before,
        _ => 0,
    };
    if was == then && lost >= morris_engine::review::DEFAULT_MARGIN {
        let side = lang.t(&format!("color.{}", mover.name()));
        return lang.fmt("review.basis-drop", &[&depth.to_string(), &was, &side]);
    }
    lang.fmt("review.basis", &[&depth.to_string(), &was, &then])
}

/// The words on a turn: `both` when both it and the engine's choice lose.
fn explained(line: &TurnLine, text: String, basis: String, both: bool) -> Html {
    html! {
        <p class="review-explain" aria-live="polite" data-review-explain={line.turn.to_string()}
           data-both-lose={both.then_some("")}>
            { text }<span class="review-basis">{ basis }</span>
        </p>
    }
}

/// One marked turn: a button to the position it was played from.
fn marked_item(v: &ReviewView, line: &TurnLine, texts: &[String]) -> Html {
    let played = texts.get(line.turn - 1).cloned().unwrap_or_default();
    let lang = v.lang;
    // The turn and its mark in one left-to-right run: `d1?` in every language.
    let (label, played, best) = (
        ltr(lang, &move_label(v.game, line.turn)),
        ltr(lang, &format!("{played}{}", line.mark.as_str())),
        ltr(lang, &line.best),
    );
    let text = lang.fmt("review.item", &[&label, &played, &best]);
    let ply = line.turn - 1;
    let current = v.shown == ply;
    let onclick = v.go.reform(move |_: MouseEvent| ply);
    html! {
        <li><button type="button" class="btn review-turn" data-turn={line.turn.to_string()} data-mark={line.mark.as_str()}
                    aria-current={current.then_some("step")} {onclick}>{ text }</button></li>
    }
}

/// The panel.
pub fn review_panel(v: &ReviewView) -> Html {
    let (lang, handle) = (v.lang, v.handle);
    let n = v.game.moves().len();
    let texts = v.game.move_texts();
    let start = handle.start.reform(|_: MouseEvent| ());
    let button = html! {
        <button type="button" class="btn" data-action="review"
                disabled={n == 0} onclick={start}>{ lang.t("review.start") }</button>
    };
    let Some(review) = &handle.review else {
        return html! {
            <section class="review-panel" aria-labelledby="review-title" data-review="none">
                <h3 id="review-title">{ lang.t("review.title") }</h3>
                { button }
            </section>
        };
    };
    let done = review.lines.len();
    let total = review.total();
    let (state, status) = match &review.status {
        Status::Running => {
            let cancel = handle.cancel.reform(|_: MouseEvent| ());
            let progress = lang.fmt(
                "review.progress",
                &[&(done + 1).min(total).to_string(), &total.to_string()],
            );
            (
                "running",
                html! {
                    <div class="review-progress">
                        <progress max={total.to_string()} value={done.to_string()} aria-label={progress.clone()} />
                        <p role="status">{ progress }</p>
                        <button type="button" class="btn" data-action="cancel-review" onclick={cancel}>{ lang.t("review.cancel") }</button>
                    </div>
                },
            )
        }
        Status::Done(ms) => {
            // Tenths of a second, as the language writes them.
            let secs = lang.tenths((ms + 50) / 100);
            // A game played on since may be reviewed again, to its end.
            (
                "done",
                html! {
                    <>
                        <p role="status" data-review-ms={ms.to_string()}>{ lang.fmt("review.done", &[&secs]) }</p>
                        if n > total { { button.clone() } }
                    </>
                },
            )
        }
        Status::Cancelled => (
            "cancelled",
            html! { <><p role="status">{ lang.t("review.cancelled") }</p>{ button }</> },
        ),
        Status::Failed(why) => (
            "failed",
            html! { <><p role="alert">{ lang.fmt("review.failed", &[why]) }</p>{ button }</> },
        ),
    };
    let marked: Vec<Html> = review.marked().map(|l| marked_item(v, l, &texts)).collect();
    let clean = marked.is_empty() && matches!(review.status, Status::Done(_));
    html! {
        <section class="review-panel" aria-labelledby="review-title" data-review={state}>
            <h3 id="review-title">{ lang.t("review.title") }</h3>
            { status }
            if done > 0 { { review_graph(lang, review, n, v.shown, v.go) } }
            if clean { <p>{ lang.t("review.clean") }</p> }
            if !marked.is_empty() { <ol class="review-marks">{ for marked }</ol> }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(before: i32, after: i32) -> TurnLine {
        TurnLine {
            turn: 3,
            mark: Mark::Mistake,
            best: "d2".into(),
            before: Score::Value(before),
            after: Score::Value(after),
            exact: false,
        }
    }

    #[test]
    fn a_forced_win_let_go_for_a_large_lead_is_said_to_be_one() {
        let missed = TurnLine {
            before: Score::Win(11),
            after: Score::Value(450),
            ..line(0, 0)
        };
        assert!(win_missed(&missed, Color::Light));
        let dark = TurnLine {
            before: Score::Loss(11),
            after: Score::Value(-450),
            ..line(0, 0)
        };
        assert!(win_missed(&dark, Color::Dark), "Dark's win, scored for Light");
        assert!(!win_missed(&line(41, -29), Color::Light));
    }

    #[test]
    fn a_loss_within_one_band_of_words_is_said_not_the_same_words_twice() {
        // a1 g7 d1: about even before (+0.41) and after (-0.29).
        let said = basis(Lang::En, &line(41, -29), Color::Light);
        assert!(
            said.contains("Before the move: the sides are about even. After it: Light stands half a piece or more worse than before."),
            "{said}"
        );
        let dark = basis(Lang::En, &line(-29, 41), Color::Dark);
        assert!(
            dark.contains("After it: Dark stands half a piece or more worse"),
            "{dark}"
        );
        let apart = basis(Lang::En, &line(20, -90), Color::Light);
        assert!(apart.contains("After it: Dark is slightly ahead."), "{apart}");
    }

    #[test]
    fn a_turn_judged_by_exact_values_says_so_not_a_depth() {
        let exact = TurnLine {
            before: Score::Value(0),
            after: Score::Loss(u32::from(morris_solver::FAR)),
            exact: true,
            ..line(0, 0)
        };
        let said = basis(Lang::En, &exact, Color::Light);
        assert_eq!(
            said,
            "The review read the exact values of the endgame tables. Before the move: a draw with perfect play. After it: Dark wins."
        );
        assert!(!said.contains("plies deep"));
        // In every language, a sentence of its own.
        for lang in Lang::ALL {
            let said = basis(lang, &exact, Color::Light);
            assert!(
                !said.contains("review.") && !said.contains('{'),
                "{lang:?}: {said}"
            );
        }
    }
}

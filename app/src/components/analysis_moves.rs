//! The exact value of every legal move where the endgame tables (or a
//! solve made on the spot) cover the position: a list, best first, each
//! move a button that plays it. The same values are on the board.

use morris_board::PointNote;
use morris_core::{Color, Move, Position};
use yew::prelude::*;

use super::analysis_exit::LeftBy;
use crate::analysis::protocol::Exact;
use crate::analysis::{point_values, value_mark, value_text};
use crate::i18n::Lang;

/// Why there are no exact values where this site serves no Nine tables,
/// and the way to the tables' address (`on_settings`).
fn unserved(lang: Lang, on_settings: &Callback<()>) -> Html {
    html! {
        <div class="analysis-exact" data-exact="unserved">
            <p>{ lang.fmt("analysis.unserved", &[&lang.t("variant.nine")]) }</p>
            <button type="button" class="btn" data-action={LeftBy::TablesAddress.action()} onclick={on_settings.reform(|_: MouseEvent| ())}>
                { lang.t("conn.open") }
            </button>
        </div>
    }
}

/// The list for the side to move `mover`; nothing where nothing is exact.
/// `on_settings` opens the connection settings at the tables' address.
pub fn analysis_moves(
    lang: Lang,
    exact: Option<&Exact>,
    mover: Color,
    on_move: &Callback<String>,
    on_settings: &Callback<()>,
) -> Html {
    let values = match exact {
        None => return html! {},
        Some(Exact::Loading) => {
            return html! { <p class="analysis-exact" data-exact="loading">{ lang.t("perfect.loading") }</p> }
        }
        Some(Exact::Missing) => {
            return html! { <p class="analysis-exact" data-exact="missing">{ lang.t("perfect.missing") }</p> }
        }
        Some(Exact::Network) => {
            return html! { <p class="analysis-exact" data-exact="needs-network">{ lang.t("perfect.needs-network") }</p> }
        }
        Some(Exact::Unserved) => return unserved(lang, on_settings),
        Some(Exact::Values(v)) if v.is_empty() => return html! {},
        Some(Exact::Values(v)) => v,
    };
    let rows = values.iter().map(|(text, value)| {
        let (mark, tone) = value_mark(*value);
        let on_move = on_move.clone();
        let m = text.clone();
        html! {
            <li key={text.clone()}>
                <button type="button" class={classes!("exact-move", tone)} data-move={text.clone()} data-value={mark.clone()}
                        onclick={Callback::from(move |_: MouseEvent| on_move.emit(m.clone()))}>
                    <span class="exact-notation" dir="ltr">{ text }</span>
                    <span class="exact-value">{ value_text(lang, *value, mover) }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="analysis-exact" data-exact="values" aria-label={lang.t("analysis.exact")}>
            <h3>{ lang.t("analysis.exact") }</h3>
            <ul class="exact-moves">{ for rows }</ul>
        </section>
    }
}

/// The Pass button, when passing is the only legal turn (docs/RULES.md
/// §7.4 `blocked=pass`): no point of the board plays it.
pub fn pass_button(lang: Lang, legal: &[Move], on_move: &Callback<String>) -> Html {
    if legal != [Move::PASS] {
        return html! {};
    }
    let on_move = on_move.clone();
    html! {
        <button type="button" class="btn primary" data-action="pass"
                onclick={Callback::from(move |_: MouseEvent| on_move.emit("pass".to_string()))}>
            { lang.t("action.pass") }
        </button>
    }
}

/// The same values on the board: on each point the best a move ending
/// there gets (`+7`, `=`, `-12` for the side to move).
pub fn value_notes(pos: &Position, exact: Option<&Exact>) -> Vec<PointNote> {
    let Some(Exact::Values(values)) = exact else {
        return Vec::new();
    };
    point_values(pos, values)
        .into_iter()
        .map(|(point, value)| {
            let (text, tone) = value_mark(value);
            PointNote {
                point,
                text: text.into(),
                tone,
            }
        })
        .collect()
}

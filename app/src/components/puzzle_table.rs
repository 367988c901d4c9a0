//! The puzzle table: a position from the variant's puzzle file on a board
//! of its own, the task ("find the only move that keeps the win"), the
//! verdict on each try, and the player's streak, kept in local storage.
//! The game on the table underneath is left as it is. The puzzle itself,
//! on its board, is [`Solver`].

use yew::prelude::*;

use super::dialog_head::dialog_head;
use super::modal::Modal;
use super::puzzle_solver::Solver;
use crate::hooks::{use_puzzles, Puzzles};
use crate::i18n::Lang;

#[derive(Properties, PartialEq, Debug)]
pub struct PuzzleProps {
    pub lang: Lang,
    /// The variant's id, one with a puzzle file.
    pub variant: &'static str,
    pub on_close: Callback<()>,
}

#[function_component(PuzzleTable)]
pub fn puzzle_table(p: &PuzzleProps) -> Html {
    let lang = p.lang;
    let puzzles = use_puzzles(p.variant);
    let body = match &puzzles {
        Puzzles::Loading => html! { <p class="puzzle-task">{ lang.t("puzzle.loading") }</p> },
        // What is missing and what works, not the browser's words.
        Puzzles::Offline => {
            html! { <p class="puzzle-task error" role="alert" data-puzzles-offline="">{ lang.t("puzzle.offline") }</p> }
        }
        Puzzles::Failed(why) => {
            html! { <p class="puzzle-task error" role="alert">{ lang.fmt("puzzle.failed", &[why]) }</p> }
        }
        Puzzles::Ready(list) => {
            html! { <Solver {lang} variant={p.variant} list={list.clone()} on_close={p.on_close.clone()} /> }
        }
    };
    let ready = matches!(puzzles, Puzzles::Ready(_));
    let close = p.on_close.reform(|_: MouseEvent| ());
    let title = lang.fmt("puzzle.title", &[&lang.t(&format!("variant.{}", p.variant))]);
    html! {
        <Modal labelled_by="puzzle-title" on_close={p.on_close.clone()}>
            <div class="dialog puzzle" data-puzzles="">
                { dialog_head("puzzle-title", title, None, lang.t("puzzle.close"), &p.on_close) }
                { body }
                if !ready {
                    <div class="dialog-buttons">
                        <button class="btn" onclick={close} data-action="close-puzzles">{ lang.t("puzzle.close") }</button>
                    </div>
                }
            </div>
        </Modal>
    }
}

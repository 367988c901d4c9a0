//! One puzzle at a time on a board of its own: the task, the verdict on
//! each try (right, wrong, or the answer shown on request) and the
//! player's progress, saved in local storage after every try.

use morris_board::{Board, Marking, PartialTurn, Press};
use morris_core::{Color, Move, Point, Position};
use yew::prelude::*;

use super::game_board::labels;
use crate::i18n::Lang;
use crate::puzzle::{Kind, Progress, Puzzle, Verdict};
use crate::storage;

/// Where the current puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Asking,
    /// The last try was another move; the puzzle stays.
    Wrong,
    /// Solved with this move (the progress has moved on already).
    Right(usize, Move),
    /// The player asked for the answer.
    Shown,
}

/// The puzzle table, over the page.
impl Stage {
    /// What the page says of the stage (`data-verdict`), for tests and styles.
    fn name(self) -> &'static str {
        match self {
            Stage::Asking => "asking",
            Stage::Wrong => "wrong",
            Stage::Right(..) => "right",
            Stage::Shown => "shown",
        }
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct SolverProps {
    pub lang: Lang,
    pub variant: &'static str,
    pub list: std::rc::Rc<Vec<Puzzle>>,
    pub on_close: Callback<()>,
}

/// The task of a puzzle, said for its side to move.
fn task(lang: Lang, puzzle: &Puzzle) -> String {
    let side = lang.t(match puzzle.position.turn() {
        Color::Light => "color.light",
        Color::Dark => "color.dark",
    });
    let plies = puzzle.plies.to_string();
    match puzzle.kind {
        Kind::Win => lang.fmt("puzzle.win", &[&side, &plies]),
        Kind::Hold => lang.fmt("puzzle.hold", &[&side, &plies]),
    }
}

#[function_component(Solver)]
pub fn solver(p: &SolverProps) -> Html {
    let (lang, count) = (p.lang, p.list.len());
    let progress = use_state(|| storage::load_puzzle_progress(p.variant));
    let stage = use_state(|| Stage::Asking);
    let turn = use_state(PartialTurn::default);
    let index = match *stage {
        Stage::Right(i, _) => i,
        _ => progress.next % count,
    };
    let puzzle = &p.list[index];
    let legal = puzzle.position.legal_moves();
    let save = {
        let (progress, variant) = (progress.clone(), p.variant);
        move |next: Progress| {
            storage::save_puzzle_progress(variant, next);
            progress.set(next);
        }
    };
    let on_press = {
        let (puzzle, stage, turn, save, progress) = (
            puzzle.clone(),
            stage.clone(),
            turn.clone(),
            save.clone(),
            *progress,
        );
        Callback::from(move |point: Point| {
            if !matches!(*stage, Stage::Asking | Stage::Wrong) {
                return;
            }
            match turn.press(point, &puzzle.position, &puzzle.position.legal_moves()) {
                Press::Continue(next) => turn.set(next),
                Press::Ignore => {}
                Press::Play(m) => {
                    let mut next = progress;
                    let verdict = next.answer(&puzzle, m, count);
                    save(next);
                    turn.set(PartialTurn::default());
                    stage.set(match verdict {
                        Verdict::Right => Stage::Right(index, m),
                        Verdict::Wrong => Stage::Wrong,
                    });
                }
            }
        })
    };
    let on_cancel = {
        let turn = turn.clone();
        Callback::from(move |()| turn.set(PartialTurn::default()))
    };
    let on_next = {
        let (stage, turn, save, progress) = (stage.clone(), turn.clone(), save.clone(), *progress);
        Callback::from(move |_: MouseEvent| {
            if *stage == Stage::Shown {
                let mut next = progress;
                next.skip(count);
                save(next);
            }
            turn.set(PartialTurn::default());
            stage.set(Stage::Asking);
        })
    };
    let on_show = {
        let (stage, save, progress) = (stage.clone(), save, *progress);
        Callback::from(move |_: MouseEvent| {
            save(Progress {
                streak: 0,
                ..progress
            });
            stage.set(Stage::Shown);
        })
    };
    let (shown, last_move, verdict) = match *stage {
        Stage::Right(_, m) => (puzzle.position.play(m), Some(m), lang.t("puzzle.right")),
        Stage::Wrong => (puzzle.position, None, lang.t("puzzle.wrong")),
        Stage::Shown => (
            puzzle.position,
            None,
            lang.fmt("puzzle.answer", &[&puzzle.position.notation(puzzle.answer)]),
        ),
        Stage::Asking => (puzzle.position, None, String::new()),
    };
    let asking = matches!(*stage, Stage::Asking | Stage::Wrong);
    let hints = if asking {
        turn.hints(&puzzle.position, &legal)
    } else {
        Default::default()
    };
    let pieces = pieces(&shown);
    let selected = turn.from;
    let labels = labels(
        lang,
        shown.geometry(),
        &Marking {
            pieces: &pieces,
            targets: hints.targets,
            removable: hints.removable,
            selected,
            last_move,
            markers: shown.markers(),
        },
    );
    let score = lang.fmt(
        "puzzle.score",
        &[
            &(index + 1).to_string(),
            &count.to_string(),
            &progress.streak.to_string(),
            &progress.best.to_string(),
        ],
    );
    html! {
        <>
            <p class="puzzle-task" data-puzzle-index={index.to_string()}>{ task(lang, puzzle) }</p>
            <div class="puzzle-board">
                <Board board={shown.geometry().kind()} {labels} {pieces}
                       flipped={puzzle.position.turn() == Color::Dark}
                       targets={hints.targets} removable={hints.removable} movable={hints.movable}
                       {selected} {last_move}
                       suggestion={(*stage == Stage::Shown).then_some(puzzle.answer)}
                       label={lang.t("puzzle.board")} interactive={asking}
                       {on_press} {on_cancel} />
            </div>
            <p class="puzzle-verdict" role="status" data-verdict={stage.name()}>{ verdict }</p>
            <p class="puzzle-score">{ score }</p>
            <div class="dialog-buttons">
                if asking {
                    <button class="btn" onclick={on_show} data-action="show-answer">{ lang.t("puzzle.show") }</button>
                } else {
                    <button class="btn primary" onclick={on_next} data-action="next-puzzle">{ lang.t("puzzle.next") }</button>
                }
                <button class="btn" onclick={p.on_close.reform(|_: MouseEvent| ())} data-action="close-puzzles">{ lang.t("puzzle.close") }</button>
            </div>
        </>
    }
}

/// The piece on each point of `pos`.
fn pieces(pos: &Position) -> Vec<Option<Color>> {
    pos.geometry().points().map(|p| pos.piece_at(p)).collect()
}

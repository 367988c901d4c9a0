//! One puzzle at a time on a board of its own, played out to its goal:
//! the first move judged by the puzzle's answer, then the other side's
//! best reply and the player's next move, each judged by the exact values
//! the tables' worker gives, until the win is played out (or the draw held
//! through the trap's plies). The verdict on each try, the answer shown on
//! request, and the player's progress, saved in local storage.

use std::rc::Rc;

use morris_board::{Board, Marking, PartialTurn, Press};
use morris_core::{Color, Move, Point, Position};
use morris_solver::Value;
use yew::prelude::*;

use super::game_board::labels;
use crate::hooks::{use_board_cursor, use_exact_values, Told};
use crate::i18n::Lang;
use crate::puzzle::{best_of, Kind, Line, Progress, Puzzle, Verdict};
use crate::storage;

/// Where the current puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The player to move.
    Asking,
    /// The last try was another move (wrong, or a slower win); it stays.
    Wrong(Verdict),
    /// Waiting for the worker: the other side's reply, or the values that
    /// judge the player's next move.
    Answering,
    /// The goal reached (the progress has moved on already); `cut` when
    /// the rest of the line could not be played (no tables).
    Solved { cut: bool },
    /// The player asked for the answer.
    Shown,
}

impl Stage {
    /// What the page says of the stage (`data-verdict`), for tests and styles.
    fn name(self) -> &'static str {
        match self {
            Stage::Asking => "asking",
            Stage::Wrong(_) => "wrong",
            Stage::Answering => "answering",
            Stage::Solved { .. } => "right",
            Stage::Shown => "shown",
        }
    }
}

/// A puzzle being played out.
#[derive(Clone, Debug, PartialEq)]
struct Solving {
    index: usize,
    line: Line,
    stage: Stage,
    /// The exact values of the position's moves for the player, after the
    /// first move.
    values: Option<Rc<Vec<(Move, Value)>>>,
    /// The number of the last question asked of the worker.
    asked: u32,
}

impl Solving {
    fn new(index: usize, puzzle: &Puzzle, asked: u32) -> Solving {
        Solving {
            index,
            line: Line::new(puzzle.clone()),
            stage: Stage::Asking,
            values: None,
            asked,
        }
    }

    fn values(&self) -> Option<&[(Move, Value)]> {
        self.values.as_deref().map(Vec::as_slice)
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct SolverProps {
    pub lang: Lang,
    pub variant: &'static str,
    pub list: std::rc::Rc<Vec<Puzzle>>,
    pub on_close: Callback<()>,
}

/// The name of a side.
fn side(lang: Lang, color: Color) -> String {
    lang.t(match color {
        Color::Light => "color.light",
        Color::Dark => "color.dark",
    })
}

/// The task of a puzzle, said for its side to move.
fn task(lang: Lang, puzzle: &Puzzle) -> String {
    let side = side(lang, puzzle.position.turn());
    let plies = puzzle.plies.to_string();
    match puzzle.kind {
        Kind::Win => lang.fmt("puzzle.win", &[&side, &plies]),
        Kind::Hold => lang.fmt("puzzle.hold", &[&side, &plies]),
    }
}

/// The line's turns in notation.
fn line_texts(line: &Line) -> Vec<String> {
    let mut pos = line.puzzle.position;
    line.moves
        .iter()
        .map(|&m| {
            let text = pos.notation(m);
            pos = pos.play(m);
            text
        })
        .collect()
}

/// What the page says of the stage.
fn verdict_text(lang: Lang, solving: &Solving, texts: &[String]) -> String {
    let win = solving.line.puzzle.kind == Kind::Win;
    match solving.stage {
        Stage::Asking if texts.is_empty() => String::new(),
        Stage::Asking => {
            let key = if win {
                "puzzle.go-on-win"
            } else {
                "puzzle.go-on-hold"
            };
            lang.fmt(key, &[texts.last().map_or("", String::as_str)])
        }
        Stage::Wrong(Verdict::Slower) => lang.t("puzzle.slower"),
        Stage::Wrong(_) => lang.t(if win {
            "puzzle.wrong-win"
        } else {
            "puzzle.wrong-hold"
        }),
        Stage::Answering => lang.t("puzzle.replying"),
        Stage::Solved { cut: true } => lang.t("puzzle.solved-cut"),
        Stage::Solved { cut: false } if win => lang.t("puzzle.solved-win"),
        Stage::Solved { cut: false } => lang.t("puzzle.solved-hold"),
        Stage::Shown => {
            let pos = solving.line.position();
            let answer = solving.line.best(solving.values()).map(|m| pos.notation(m));
            lang.fmt("puzzle.answer", &[&answer.unwrap_or_default()])
        }
    }
}

impl Solving {
    /// The next step once the player's move or the worker's answer is in:
    /// the goal reached (`solved` is told), or the next question (`ask`).
    fn go_on(mut self, ask: &Callback<(u32, Position)>, solved: &dyn Fn()) -> Solving {
        if self.line.done() {
            solved();
            self.stage = Stage::Solved { cut: false };
        } else {
            self.asked = self.asked.wrapping_add(1);
            self.stage = Stage::Answering;
            ask.emit((self.asked, self.line.position()));
        }
        self
    }

    /// The player's move `m`: on with the line if right, else it stays
    /// (`missed` is told).
    fn play(
        mut self,
        m: Move,
        ask: &Callback<(u32, Position)>,
        solved: &dyn Fn(),
        missed: &dyn Fn(),
    ) -> Solving {
        match self.line.judge(m, self.values()) {
            Verdict::Right => {
                self.line.moves.push(m);
                self.values = None;
                self.go_on(ask, solved)
            }
            wrong => {
                missed();
                self.stage = Stage::Wrong(wrong);
                self
            }
        }
    }

    /// The worker's answer: the other side's reply (its best move), or the
    /// values that judge the player's next move; without tables, the line
    /// ends here, solved.
    fn heard(mut self, told: Told, ask: &Callback<(u32, Position)>, solved: &dyn Fn()) -> Solving {
        match told {
            Told::Missing(_) => {
                solved();
                self.stage = Stage::Solved { cut: true };
            }
            Told::Values(v) if self.line.players_turn() => {
                self.values = Some(v);
                self.stage = Stage::Asking;
            }
            Told::Values(v) => match best_of(&v) {
                Some(reply) => {
                    self.line.moves.push(reply);
                    return self.go_on(ask, solved);
                }
                None => self.stage = Stage::Solved { cut: false },
            },
        }
        self
    }
}

#[function_component(Solver)]
pub fn solver(p: &SolverProps) -> Html {
    let (lang, count) = (p.lang, p.list.len());
    let progress = use_state(|| storage::load_puzzle_progress(p.variant));
    let solving = {
        let (list, next) = (p.list.clone(), progress.next % count);
        use_state(move || Solving::new(next, &list[next], 0))
    };
    let (told, ask) = use_exact_values();
    let turn = use_state(PartialTurn::default);
    let (cursor, on_cursor) = use_board_cursor();
    let save: Save = {
        let (progress, variant) = (progress.clone(), p.variant);
        Rc::new(move |change: &dyn Fn(&mut Progress)| {
            let mut next = *progress;
            change(&mut next);
            storage::save_puzzle_progress(variant, next);
            progress.set(next);
        })
    };
    let solved = {
        let save = save.clone();
        Rc::new(move || save(&|p: &mut Progress| p.solve(count)))
    };
    {
        // The worker's answer: the other side's reply, or the values that
        // judge the player's next move.
        let (solving, ask, solved) = (solving.clone(), ask.clone(), solved.clone());
        use_effect_with(told, move |told| {
            let Some((epoch, told)) = told.clone() else { return };
            if solving.stage != Stage::Answering || epoch != solving.asked {
                return;
            }
            solving.set((*solving).clone().heard(told, &ask, &*solved));
        });
    }
    let pos = solving.line.position();
    let legal = pos.legal_moves();
    let on_press = {
        let (solving, turn, save, legal) = (solving.clone(), turn.clone(), save.clone(), legal.clone());
        Callback::from(move |point: Point| {
            if !matches!(solving.stage, Stage::Asking | Stage::Wrong(_)) {
                return;
            }
            match turn.press(point, &pos, &legal) {
                Press::Continue(next) => turn.set(next),
                Press::Ignore => {}
                Press::Play(m) => {
                    turn.set(PartialTurn::default());
                    let missed = || save(&|p: &mut Progress| p.miss());
                    solving.set((*solving).clone().play(m, &ask, &*solved, &missed));
                }
            }
        })
    };
    let on_cancel = {
        let turn = turn.clone();
        Callback::from(move |()| turn.set(PartialTurn::default()))
    };
    let on_next = next_puzzle(&solving, &turn, &save, *progress, &p.list);
    let on_show = show_answer(&solving, save);
    let texts = line_texts(&solving.line);
    let asking = matches!(solving.stage, Stage::Asking | Stage::Wrong(_));
    // A mill closed: what is asked now is the piece to take.
    let verdict = if asking && turn.removing() {
        lang.t("status.remove")
    } else {
        verdict_text(lang, &solving, &texts)
    };
    let hints = if asking {
        turn.hints(&pos, &legal)
    } else {
        Default::default()
    };
    let pieces = turn.shown_pieces(&pos);
    let (selected, last_move) = (turn.selected(), solving.line.moves.last().copied());
    let marking = Marking {
        pieces: &pieces,
        targets: hints.targets,
        removable: hints.removable,
        selected,
        last_move,
        markers: pos.markers(),
        suggestion: None,
    };
    let labels = labels(lang, pos.geometry(), &marking);
    let suggestion = (solving.stage == Stage::Shown)
        .then(|| solving.line.best(solving.values()))
        .flatten();
    let (index, puzzle) = (solving.index, &solving.line.puzzle);
    let numbers = [index + 1, count, progress.streak as usize, progress.best as usize].map(|n| n.to_string());
    let score = lang.fmt("puzzle.score", &numbers.each_ref().map(String::as_str));
    html! {
        <>
            <p class="puzzle-task" data-puzzle-index={index.to_string()}>{ task(lang, puzzle) }</p>
            <div class="puzzle-board">
                <Board board={pos.geometry().kind()} {labels} {pieces}
                       flipped={puzzle.position.turn() == Color::Dark}
                       targets={hints.targets} removable={hints.removable} movable={hints.movable}
                       {selected} {last_move} {suggestion}
                       label={lang.t("puzzle.board")} interactive={asking}
                       {cursor} {on_press} {on_cursor} {on_cancel} />
            </div>
            <p class="puzzle-verdict" role="status" data-verdict={solving.stage.name()} data-line={texts.join(" ")}>{ verdict }</p>
            <p class="puzzle-score">{ score }</p>
            <div class="dialog-buttons">
                if asking || solving.stage == Stage::Answering {
                    <button class="btn" onclick={on_show} disabled={!asking} data-action="show-answer">{ lang.t("puzzle.show") }</button>
                } else {
                    <button class="btn primary" onclick={on_next} data-action="next-puzzle">{ lang.t("puzzle.next") }</button>
                }
                <button class="btn" onclick={p.on_close.reform(|_: MouseEvent| ())} data-action="close-puzzles">{ lang.t("puzzle.close") }</button>
            </div>
        </>
    }
}

/// Saves a change to the player's progress (in local storage and on the page).
type Save = Rc<dyn Fn(&dyn Fn(&mut Progress))>;

/// On to the next puzzle after `progress` (a shown answer skips the one
/// solved with it).
fn next_puzzle(
    solving: &UseStateHandle<Solving>,
    turn: &UseStateHandle<PartialTurn>,
    save: &Save,
    progress: Progress,
    list: &Rc<Vec<Puzzle>>,
) -> Callback<MouseEvent> {
    let (solving, turn, save, list) = (solving.clone(), turn.clone(), save.clone(), list.clone());
    let count = list.len();
    Callback::from(move |_: MouseEvent| {
        let mut next = progress;
        if solving.stage == Stage::Shown {
            next.skip(count);
            save(&|p: &mut Progress| p.skip(count));
        }
        let index = next.next % count;
        turn.set(PartialTurn::default());
        solving.set(Solving::new(index, &list[index], solving.asked));
    })
}

/// Shows the answer, which counts as a miss.
fn show_answer(solving: &UseStateHandle<Solving>, save: Save) -> Callback<MouseEvent> {
    let solving = solving.clone();
    Callback::from(move |_: MouseEvent| {
        save(&|p: &mut Progress| p.miss());
        solving.set(Solving {
            stage: Stage::Shown,
            ..(*solving).clone()
        });
    })
}

//! The analysis board, over the page: a board of its own that plays any
//! legal turn, the engine's lines and evaluation, the exact value of each
//! move where the tables reach (in a list and on the board's points), the
//! line of play to step through, the game's review (its marks in the
//! line, the better move on the board), a field to paste a record, a
//! position or a link, and a link to the shown position. The game on the
//! table underneath is left as it is.

use std::rc::Rc;

use gloo_timers::callback::Timeout;

use morris_board::PartialTurn;
use morris_core::{Game, Position};
use yew::prelude::*;

use super::analysis_board::{analysis_board, BoardView};
use super::analysis_exit::LeftBy;
use super::analysis_lines::{analysis_lines, LinesPanel};
use super::analysis_moves::{analysis_moves, pass_button};
use super::analysis_paste::AnalysisPaste;
use super::analysis_steps::{analysis_steps, focus_shown_turn, step_keys};
use super::dialog_head::dialog_head;
use super::modal::Modal;
use super::review_panel::{review_explain, review_panel, ReviewView};
use crate::analysis::{Pause, Study, StudyAction};
use crate::browser::{self, base_url};
use crate::hooks::{
    show_board_top, thinking_toggle, use_analysis, use_board_cursor, use_keys_kept, use_line_hold,
    use_review, use_review_focus, use_shown_in_view, use_thinking,
};
use crate::i18n::Lang;
use crate::link::analysis_link;
use crate::review::Status;

#[derive(Properties, PartialEq, Debug)]
pub struct AnalysisProps {
    pub lang: Lang,
    /// The game to analyse and the turn to show first.
    pub game: Rc<(Game, usize)>,
    pub on_close: Callback<()>,
    /// Opens the position editor on the shown position: the line and the
    /// turn shown, to come back to.
    #[prop_or_default]
    pub on_edit: Callback<(Game, usize)>,
    /// Starts the game's review at once (the engine's lines wait, so that
    /// the review has the machine to itself).
    #[prop_or_default]
    pub review: bool,
    /// The control that takes the focus as the board opens, in place of
    /// its title: the one that left it for the view that closed back to it.
    #[prop_or_default]
    pub focus_first: Option<LeftBy>,
    /// Opens the connection settings at the tables' address, with the
    /// line and the turn shown, to come back to.
    #[prop_or_default]
    pub on_settings: Callback<(Game, usize)>,
}

/// A node (the dialog's title) that takes the focus when it opens, where
/// a keyboard user starts reading, with its outline to show it; the arrow
/// keys step at once (the dialog hears them). Where the board opens again
/// from a view it left for, the control `first` that left it takes the
/// focus instead, if it is there.
#[hook]
fn use_focus_at_open(first: Option<LeftBy>) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            if first.is_some_and(|by| browser::focus_first(&by.selector())) {
                return;
            }
            if let Some(el) = node.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    node
}

/// What moves the analysis board on, each dropping the turn being put
/// together on its board: a move or a line played from the shown
/// position, a turn of the line to show, and back to the game's turns.
struct Steps {
    play: Callback<Vec<String>>,
    go: Callback<usize>,
    back: Callback<()>,
}

fn steps(study: &UseReducerHandle<Study>, turn: &UseStateHandle<PartialTurn>, pos: Position) -> Steps {
    let (send, turn) = (study.dispatcher(), turn.clone());
    let act = move |action: StudyAction| {
        turn.set(PartialTurn::default());
        send.dispatch(action);
    };
    let (go, back) = (act.clone(), act.clone());
    Steps {
        play: Callback::from(move |texts: Vec<String>| {
            let mut g = Game::from_position(pos);
            act(StudyAction::Play(
                texts.iter().map_while(|t| g.play_text(t).ok()).collect(),
            ))
        }),
        go: Callback::from(move |ply: usize| go(StudyAction::Go(ply))),
        back: Callback::from(move |()| {
            back(StudyAction::BackToGame);
            // Its button goes with the line: the focus goes on to the turn shown.
            Timeout::new(0, focus_shown_turn).forget();
        }),
    }
}

#[function_component(AnalysisTable)]
pub fn analysis_table(p: &AnalysisProps) -> Html {
    let lang = p.lang;
    let study = use_reducer(|| Study::new(p.game.0.clone(), p.game.1));
    {
        let send = study.dispatcher();
        use_effect_with(p.game.clone(), move |g| {
            send.dispatch(StudyAction::Open(Box::new(g.0.clone()), g.1))
        });
    }
    let review = use_review(&study.line);
    let review_over = review
        .review
        .as_ref()
        .is_some_and(|r| r.status != Status::Running);
    let thinking = use_thinking(p.review.then_some(Pause::Review), study.epoch, review_over);
    let running = thinking.running();
    let analysed = use_analysis(&study, running);
    {
        let (start, at_once) = (review.start.clone(), p.review);
        use_effect_with((), move |_| {
            if at_once {
                start.emit(());
            }
        });
    }
    let reviewed = review.review.as_ref();
    let marks = reviewed.map(|r| r.marks()).unwrap_or_default();
    let suggestion = reviewed.and_then(|r| r.better_move(study.ply));
    let turn = use_state(PartialTurn::default);
    let cursor = use_board_cursor();
    let hold = use_line_hold();
    let side = use_shown_in_view(study.ply);
    let root = use_keys_kept();
    let onfocusin = use_review_focus();
    let title = use_focus_at_open(p.focus_first);
    let shown = study.shown();
    let pos = *shown.position();
    let legal = shown.legal_moves();
    let Steps { play, go, back } = steps(&study, &turn, pos);
    let on_settings = {
        let (line, ply) = (study.line.clone(), study.ply);
        p.on_settings.reform(move |()| (line.clone(), ply))
    };
    let on_edit = {
        let (line, ply) = (study.line.clone(), study.ply);
        p.on_edit.reform(move |_: MouseEvent| (line.clone(), ply))
    };
    let on_key = step_keys(study.clone(), go.clone());
    let on_toggle = thinking_toggle(&thinking);
    let exact = analysed.exact.as_deref();
    let last_move = study
        .ply
        .checked_sub(1)
        .and_then(|i| study.line.moves().get(i).copied());
    let board = BoardView {
        lang,
        pos,
        legal: &legal,
        turn: &turn,
        cursor,
        exact,
        last_move,
        suggestion,
        play: &play,
    };
    // A line or an exact move played from its button: the button goes
    // with the position, and the focus goes on to the turn shown.
    let then_focus = play.reform(|texts: Vec<String>| {
        Timeout::new(0, focus_shown_turn).forget();
        texts
    });
    let on_move = then_focus.reform(|m: String| vec![m]);
    let panel = LinesPanel {
        lang,
        pos: &pos,
        analysed: &analysed,
        paused: thinking.paused,
        on_toggle,
        on_line: then_focus,
        hold: &hold,
    };
    let reviewed = ReviewView {
        lang,
        game: &study.line,
        shown: study.ply,
        go: &go,
        handle: &review,
    };
    let link = AttrValue::from(format!("{}#{}", base_url(), analysis_link(&shown)));
    let on_open = {
        let (send, root) = (study.dispatcher(), root.clone());
        Callback::from(move |game: Game| {
            let n = game.moves().len();
            send.dispatch(StudyAction::Open(Box::new(game), n));
            show_board_top(&root);
        })
    };
    html! {
        <Modal labelled_by="analysis-title" on_close={p.on_close.clone()}>
            <div class="dialog analysis" tabindex="-1" onkeydown={on_key} {onfocusin} data-analysis="" ref={root}>
                { dialog_head("analysis-title", lang.t("analysis.title"), Some(&title), lang.t("analysis.close"), &p.on_close) }
                <div class="analysis-body">
                    { analysis_board(&board) }
                    <div class="analysis-side" ref={side}>
                        { analysis_lines(&panel) }
                        { pass_button(lang, &legal, &on_move) }
                        { analysis_moves(lang, exact, pos.turn(), &on_move, &on_settings) }
                        { analysis_steps(lang, &study, &marks, &go, &back) }
                        { review_explain(&reviewed) }
                        { review_panel(&reviewed) }
                        <button type="button" class="btn" data-action={LeftBy::EditPosition.action()}
                                onclick={on_edit}>{ lang.t("action.edit-position") }</button>
                        <AnalysisPaste {lang} {link} on_open={on_open} on_close={p.on_close.clone()} />
                    </div>
                </div>
            </div>
        </Modal>
    }
}

//! The analysis board: any game (the one on the table, a finished one, a
//! pasted record or position, an analysis link) stepped through turn by
//! turn while the engine thinks about the shown position in the worker.
//!
//! [`Study`] is the board's state as a reducer, with no browser access: the
//! line of play, the turn shown, and an epoch that changes with the shown
//! position, so that an answer about an earlier position is dropped (as
//! the computer's own replies are, `crate::engine`). `protocol` is the
//! wire, `think` the worker's side, `worker` its loop in the browser,
//! `web_worker` the worker of Nine's tables for range reads beside it.

pub mod protocol;
pub mod think;
#[cfg(target_arch = "wasm32")]
pub mod web_worker;
#[cfg(target_arch = "wasm32")]
pub mod worker;

use std::rc::Rc;

use morris_core::{Color, Game, Move, Point, Position};
use morris_engine::Score;
use morris_solver::{Value, FAR};
use yew::Reducible;

use crate::i18n::Lang;

/// The analysis board: a line of play and the turn shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Study {
    /// The game as it was opened: its own turns, kept while a line of
    /// one's own is tried from one of them ([`Study::side_line`]).
    pub game: Game,
    /// The whole line (turns after the shown one can be stepped to).
    pub line: Game,
    /// How many of its turns are played on the board.
    pub ply: usize,
    /// Changes whenever the shown position does.
    pub epoch: u32,
}

/// What the analysis board is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyAction {
    /// Another game, shown after `ply` of its turns.
    Open(Box<Game>, usize),
    /// Show the position after this many turns.
    Go(usize),
    /// Play these turns from the shown position (a move, or a whole line
    /// of which the first is then shown); turns of the line after the
    /// shown one that differ are dropped (the game's own are kept).
    Play(Vec<Move>),
    /// Back to the game's own turns from a line of one's own, shown where
    /// that line left them.
    BackToGame,
}

impl Study {
    pub fn new(game: Game, ply: usize) -> Study {
        let ply = ply.min(game.moves().len());
        let line = replay(&game, game.moves().len());
        Study {
            game: line.clone(),
            line,
            ply,
            epoch: 0,
        }
    }

    /// Where the line leaves the game's own turns, if it does: the number
    /// of turns they share. A line that only plays on after the game's
    /// last turn keeps them all, and is none.
    pub fn side_line(&self) -> Option<usize> {
        let (own, line) = (self.game.moves(), self.line.moves());
        if line.starts_with(own) {
            return None;
        }
        Some(own.iter().zip(line).take_while(|(a, b)| a == b).count())
    }

    /// The game up to the shown turn (no declared end: it is analysed).
    pub fn shown(&self) -> Game {
        replay(&self.line, self.ply)
    }

    /// The turns of the line, in notation.
    pub fn texts(&self) -> Vec<String> {
        self.line.move_texts()
    }

    fn apply(&mut self, action: StudyAction) {
        match action {
            StudyAction::Open(game, ply) => {
                *self = Study {
                    epoch: self.epoch,
                    ..Study::new(*game, ply)
                }
            }
            StudyAction::Go(ply) => self.ply = ply.min(self.line.moves().len()),
            StudyAction::Play(turns) => {
                let Some(&first) = turns.first() else { return };
                if turns.len() == 1 && self.line.moves().get(self.ply) == Some(&first) {
                    self.ply += 1;
                } else {
                    let mut game = self.shown();
                    if game.play(first).is_err() {
                        return;
                    }
                    for &m in &turns[1..] {
                        if game.play(m).is_err() {
                            break;
                        }
                    }
                    self.line = game;
                    self.ply += 1;
                }
            }
            StudyAction::BackToGame => {
                if let Some(shared) = self.side_line() {
                    self.line = self.game.clone();
                    self.ply = shared;
                }
            }
        }
    }
}

/// How long the analysis thinks about one position before it stops by
/// itself: by then it has reached depth 11–13 in a middle game, and each
/// depth more costs about twice the last, so thinking on changes little
/// for much of a core (a tab left open kept half a core busy for hours).
/// Resume thinks on for as long again.
pub const THINK_LIMIT_MS: u32 = 60_000;

/// Why the analysis is not thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pause {
    /// The person pressed Stop.
    Asked,
    /// [`THINK_LIMIT_MS`] on one position.
    Limit,
    /// The tab was hidden.
    Hidden,
    /// A game review is running: it has the machine to itself.
    Review,
}

impl Pause {
    /// Its name in the page (`data-stopped`) and in the catalogues
    /// (`analysis.stopped-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Pause::Asked => "asked",
            Pause::Limit => "limit",
            Pause::Hidden => "hidden",
            Pause::Review => "review",
        }
    }
}

/// Whether the analysis thinks, and if not, why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    pub paused: Option<Pause>,
}

/// What starts or stops the thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkingAction {
    /// Stop, for this reason; a pause already on keeps its first reason.
    Pause(Pause),
    /// Think again (the Resume button).
    Resume,
    /// The review ended: a pause for it is over.
    ReviewOver,
    /// Another position is shown: the limit was on the last one.
    Moved,
}

impl Thinking {
    pub fn running(self) -> bool {
        self.paused.is_none()
    }
}

impl Reducible for Thinking {
    type Action = ThinkingAction;

    fn reduce(self: Rc<Self>, action: ThinkingAction) -> Rc<Thinking> {
        let paused = match (action, self.paused) {
            (ThinkingAction::Pause(why), None) => Some(why),
            (ThinkingAction::Resume, _)
            | (ThinkingAction::ReviewOver, Some(Pause::Review))
            | (ThinkingAction::Moved, Some(Pause::Limit)) => None,
            _ => return self,
        };
        Rc::new(Thinking { paused })
    }
}

/// The first `ply` turns of `game` from its start, without a declared end.
fn replay(game: &Game, ply: usize) -> Game {
    let mut out = Game::from_position(*game.start());
    for &m in game.moves().iter().take(ply) {
        if out.play(m).is_err() {
            break;
        }
    }
    out
}

impl Reducible for Study {
    type Action = StudyAction;

    fn reduce(self: Rc<Self>, action: StudyAction) -> Rc<Study> {
        let mut next = (*self).clone();
        let before = (*next.line.start(), next.shown().moves().to_vec());
        next.apply(action);
        if (*next.line.start(), next.shown().moves().to_vec()) != before {
            next.epoch = self.epoch.wrapping_add(1);
        }
        Rc::new(next)
    }
}

/// The share of the evaluation bar that is Light's, in percent, for a
/// score of the side to move `turn`: even at 50, a proven win at 100.
pub fn light_share(score: Score, turn: Color) -> f64 {
    let light = if turn == Color::Light { score } else { score.flip() };
    match light {
        Score::Win(_) => 100.0,
        Score::Loss(_) => 0.0,
        // About a piece up shows three quarters (no exponential: its code
        // would weigh on the first load).
        Score::Value(cp) => {
            let x = f64::from(cp) / 100.0;
            50.0 + 50.0 * x / (1.0 + x.abs())
        }
    }
}

/// A score for the side to move `turn`, said for Light: `+1.20` pieces,
/// or who wins in how many plies.
pub fn score_text(lang: Lang, score: Score, turn: Color) -> String {
    let light = if turn == Color::Light { score } else { score.flip() };
    if let Some(light_wins) = light.table_result() {
        let side = if light_wins { Color::Light } else { Color::Dark };
        return wins(lang, side, u32::from(FAR));
    }
    match light {
        // With the language's decimal separator ("+0,25" in German).
        Score::Value(cp) => {
            format!("{:+.2}", f64::from(cp) / 100.0).replace('.', &lang.decimal_separator().to_string())
        }
        Score::Win(n) => wins(lang, Color::Light, n),
        Score::Loss(n) => wins(lang, Color::Dark, n),
    }
}

/// A score for the side to move `turn`, said for Light in plain words:
/// who wins (in how many plies), else who is ahead and how clearly (under
/// half a piece: about even).
pub fn plain_text(lang: Lang, score: Score, turn: Color) -> String {
    let light = if turn == Color::Light { score } else { score.flip() };
    let Score::Value(cp) = light else {
        return score_text(lang, score, turn);
    };
    if light.table_result().is_some() {
        return score_text(lang, score, turn);
    }
    let side = lang.t(if cp > 0 { "color.light" } else { "color.dark" });
    let key = match cp.unsigned_abs() {
        0..50 => return lang.t("review.even"),
        50..150 => "review.ahead-slightly",
        150..300 => "review.ahead",
        _ => "review.ahead-well",
    };
    lang.fmt(key, &[&side])
}

/// "Light wins in 7 plies", "Dark wins with the next move", "Light wins"
/// (a win/draw/loss table's, [`FAR`]).
fn wins(lang: Lang, side: Color, plies: u32) -> String {
    let name = lang.t(match side {
        Color::Light => "color.light",
        Color::Dark => "color.dark",
    });
    if plies <= 1 {
        lang.fmt("analysis.wins-next", &[&name])
    } else if plies >= u32::from(FAR) {
        lang.fmt("analysis.wins-far", &[&name])
    } else {
        lang.fmt("analysis.wins", &[&plies.to_string(), &name])
    }
}

/// An exact value of a move for its `mover`, said with who wins.
pub fn value_text(lang: Lang, value: Value, mover: Color) -> String {
    match value {
        Value::Draw => lang.t("analysis.draw"),
        Value::Win(n) => wins(lang, mover, u32::from(n)),
        Value::Loss(n) => wins(lang, !mover, u32::from(n)),
    }
}

/// The short mark of a value on the board (`+7`, `=`, `-12`, for the
/// mover) and its tone (the board's note tones).
pub fn value_mark(value: Value) -> (String, &'static str) {
    match value {
        // A win/draw/loss table's: who wins, not how soon.
        Value::Win(_) if !value.exact() => ("+".into(), "good"),
        Value::Loss(_) if !value.exact() => ("-".into(), "bad"),
        Value::Win(n) => (format!("+{n}"), "good"),
        Value::Draw => ("=".into(), "even"),
        Value::Loss(n) => (format!("-{n}"), "bad"),
    }
}

/// The best value the mover gets by a move ending on each point, from the
/// exact values of `pos`'s moves (in notation); points no move ends on
/// are left out.
pub fn point_values(pos: &Position, values: &[(String, Value)]) -> Vec<(Point, Value)> {
    let mut out: Vec<(Point, Value)> = Vec::new();
    for (text, value) in values {
        let Ok(m) = pos.parse_move(text) else { continue };
        if !m.is_play() {
            continue;
        }
        match out.iter_mut().find(|(p, _)| *p == m.to()) {
            Some((_, best)) if value.score() > best.score() => *best = *value,
            Some(_) => {}
            None => out.push((m.to(), *value)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Variant;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(Variant::Nine.rules());
        for m in moves {
            assert!(g.play_text(m).is_ok(), "{m}");
        }
        g
    }

    fn reduce(s: Study, a: StudyAction) -> Study {
        (*Rc::new(s).reduce(a)).clone()
    }

    #[test]
    fn stepping_and_playing_follow_the_line() {
        let mut g = game(&["a1", "b2", "a4"]);
        assert!(g.resign(Color::Dark).is_ok());
        let s = Study::new(g, 9);
        assert_eq!(s.ply, 3);
        assert_eq!(s.shown().outcome(), None, "a declared end is not analysed");
        let back = reduce(s.clone(), StudyAction::Go(1));
        assert_eq!(back.shown().move_texts(), ["a1"]);
        assert_ne!(back.epoch, s.epoch);
        // The line's own next turn keeps the rest of the line.
        let Ok(b2) = back.shown().position().parse_move("b2") else {
            unreachable!()
        };
        let on = reduce(back.clone(), StudyAction::Play(vec![b2]));
        assert_eq!((on.ply, on.texts().len()), (2, 3));
        // Another turn drops the rest; a line is played and its first shown.
        let pos = *back.shown().position();
        let Ok(d7) = pos.parse_move("d7") else {
            unreachable!()
        };
        let Ok(g7) = pos.play(d7).parse_move("g7") else {
            unreachable!()
        };
        let branch = reduce(back.clone(), StudyAction::Play(vec![d7, g7]));
        assert_eq!(branch.texts(), ["a1", "d7", "g7"]);
        assert_eq!(branch.ply, 2);
        // Nothing changes, the epoch stays.
        let same = reduce(branch.clone(), StudyAction::Go(2));
        assert_eq!(same.epoch, branch.epoch);
        let illegal = reduce(branch.clone(), StudyAction::Play(vec![d7]));
        assert_eq!(illegal, branch);
    }

    #[test]
    fn a_line_of_ones_own_keeps_the_games_turns_to_go_back_to() {
        let s = Study::new(game(&["a1", "b2", "a4", "d2"]), 4);
        assert_eq!(s.side_line(), None, "the game itself");
        let Ok(d7) = s.game.positions()[1].parse_move("d7") else {
            unreachable!()
        };
        let tried = reduce(reduce(s.clone(), StudyAction::Go(1)), StudyAction::Play(vec![d7]));
        assert_eq!(tried.texts(), ["a1", "d7"], "the line tried");
        assert_eq!(
            tried.side_line(),
            Some(1),
            "it leaves the game after its first turn"
        );
        let back = reduce(tried.clone(), StudyAction::BackToGame);
        assert_eq!(
            back.texts(),
            ["a1", "b2", "a4", "d2"],
            "the game's turns, all of them"
        );
        assert_eq!(back.ply, 1, "shown where the line left them");
        assert_eq!(back.side_line(), None);
        assert_ne!(back.epoch, tried.epoch, "another position is shown");
        // Playing on after the game's last turn is no side line.
        let end = *s.shown().position();
        let Ok(g7) = end.parse_move("g7") else {
            unreachable!()
        };
        let on = reduce(s.clone(), StudyAction::Play(vec![g7]));
        assert_eq!((on.side_line(), on.texts().len()), (None, 5));
        assert_eq!(
            reduce(on.clone(), StudyAction::BackToGame),
            on,
            "nothing to go back to"
        );
        // Another game opened is the game to keep.
        let other = reduce(tried, StudyAction::Open(Box::new(game(&["d7"])), 1));
        assert_eq!(
            (other.side_line(), other.game.move_texts()),
            (None, vec!["d7".to_string()])
        );
    }

    #[test]
    fn a_pause_keeps_its_first_reason_and_only_the_review_ends_its_own() {
        let step = |t: Thinking, a| *Rc::new(t).reduce(a);
        let on = Thinking::default();
        assert!(on.running());
        let limit = step(on, ThinkingAction::Pause(Pause::Limit));
        assert_eq!(limit.paused, Some(Pause::Limit));
        assert_eq!(step(limit, ThinkingAction::Pause(Pause::Hidden)), limit);
        assert_eq!(step(limit, ThinkingAction::ReviewOver), limit);
        assert!(step(limit, ThinkingAction::Resume).running());
        let review = Thinking {
            paused: Some(Pause::Review),
        };
        assert!(step(review, ThinkingAction::ReviewOver).running());
        assert_eq!(step(on, ThinkingAction::ReviewOver), on);
        assert!(
            step(limit, ThinkingAction::Moved).running(),
            "the limit is a position's"
        );
        let asked = step(on, ThinkingAction::Pause(Pause::Asked));
        assert_eq!(step(asked, ThinkingAction::Moved), asked);
    }

    #[test]
    fn scores_are_said_for_light() {
        let en = Lang::En;
        assert_eq!(score_text(en, Score::Value(120), Color::Dark), "-1.20");
        assert_eq!(score_text(Lang::De, Score::Value(25), Color::Light), "+0,25");
        assert_eq!(score_text(en, Score::Win(7), Color::Dark), "Dark wins in 7 plies");
        assert_eq!(
            score_text(en, Score::Loss(1), Color::Dark),
            "Light wins with the next move"
        );
        // The review's words: who is ahead, no figures.
        for (score, turn, said) in [
            (Score::Value(590), Color::Dark, "Dark is well ahead"),
            (Score::Value(-30), Color::Dark, "the sides are about even"),
            (Score::Value(80), Color::Light, "Light is slightly ahead"),
            (Score::Loss(12), Color::Light, "Dark wins in 12 plies"),
        ] {
            assert_eq!(plain_text(en, score, turn), said);
        }
        assert_eq!(light_share(Score::DRAW, Color::Light), 50.0);
        assert_eq!(light_share(Score::Win(3), Color::Dark), 0.0);
        assert_eq!(light_share(Score::Value(100), Color::Light), 75.0);
        assert_eq!(
            value_text(en, Value::Loss(12), Color::Light),
            "Dark wins in 12 plies"
        );
        assert_eq!(value_text(en, Value::Draw, Color::Light), "draw");
        assert_eq!(value_mark(Value::Win(7)), ("+7".into(), "good"));
    }

    #[test]
    fn each_point_shows_the_best_move_ending_there() {
        let pos = *game(&["a1"]).position();
        let values = vec![
            ("d7".to_string(), Value::Loss(20)),
            ("g7".to_string(), Value::Draw),
            ("zz".to_string(), Value::Win(1)),
        ];
        let points = point_values(&pos, &values);
        assert_eq!(points.len(), 2);
        let Ok(d7) = pos.parse_move("d7") else {
            unreachable!()
        };
        assert!(points.contains(&(d7.to(), Value::Loss(20))));
    }
}

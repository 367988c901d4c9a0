//! Game review: a recorded game gone through turn by turn, each turn
//! charged what it gave away against the engine's best.
//!
//! Each position before a turn is searched; when the turn played is not
//! the engine's choice, the position after it is searched too (one ply
//! shallower with a depth limit, so both turns are seen to the same depth
//! from the position before). The turn then costs the difference. A turn
//! that throws away a forced win, or walks into a forced loss the best
//! turn avoids, is a blunder (`??`); one that costs the margin or more is
//! a mistake (`?`). A marked turn is judged again [`CONFIRM_PLIES`]
//! deeper, and the deeper judgement stands, so a mark is not the horizon
//! of the shallower search.
//!
//! A better move must be better by the same judge as the turn played: the
//! better move of a turn that seems to change the result is searched from
//! the position after it just as the turn played was, and the mark stands
//! only if it is strictly better there too (both losing: nothing is
//! marked, [`TurnReview::both_lose`]).
//! Where exact values reach (endgame tables in the searcher, or an exact
//! judge given to [`Reviewer::step_with`], as the app's analysis solves
//! Three and Six Men's Morris), they alone decide, as the analysis board
//! shows them.
//!
//! [`Reviewer`] reviews one turn a call, so that a caller can report
//! progress and stop between turns:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use morris_core::{Game, Variant};
//! use morris_engine::{Limits, NoClock, Reviewer, Searcher};
//!
//! let mut game = Game::new(Variant::Nine.rules());
//! for m in ["d6", "a1", "f6", "g7", "b6xa1"] {
//!     game.play_text(m).unwrap();
//! }
//! let mut reviewer = Reviewer::new(game, Limits::depth(4), 50);
//! let mut searcher = Searcher::new(1);
//! let stop = AtomicBool::new(false);
//! let mut marks = Vec::new();
//! while let Some(turn) = reviewer.step(&mut searcher, &NoClock, &stop) {
//!     marks.push(turn.mark.as_str());
//! }
//! assert_eq!(marks, ["", "", "", "?", ""]);
//! ```

use std::sync::atomic::AtomicBool;

use morris_core::{Color, Game, Move, Position};
use morris_solver::Value;

use crate::clock::Clock;
use crate::limits::Limits;
use crate::score::Score;
use crate::search::Searcher;

/// Each legal move of a position with its exact value for the side making
/// it, where something knows them (`None` elsewhere): the judge a review
/// shares with the analysis board where it reaches.
pub type ExactMoves<'a> = &'a mut dyn FnMut(&Position) -> Option<Vec<(Move, Value)>>;

/// The margin that marks a mistake by default: half a piece.
pub const DEFAULT_MARGIN: i32 = 50;
/// The lead (hundredths of a piece: three pieces) a side may keep while
/// it lets a forced win the search found go, or may already be behind by
/// when it walks into a forced loss, for the turn to count as no proven
/// change of the result. A search's win or loss is seen to its horizon
/// only: the turn played may well win more slowly (the analysis board,
/// searching deeper, finds it), or the best may lose more slowly. Such a
/// turn is charged [`DEFAULT_MARGIN`], a mistake at the default margin,
/// not a blunder. A table's exact value is never a lead, so a win or a
/// draw the tables prove given away stays a changed result.
pub const LEAD_KEPT: i32 = 300;
/// How much deeper a marked turn is judged again before its mark stands
/// ([`Reviewer::step`]).
pub const CONFIRM_PLIES: u32 = 2;

/// What one turn cost the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// The engine's choice, or no worse than it.
    None,
    /// Worse by this many hundredths of a piece.
    Value(i32),
    /// Gave away a forced win, or walked into a forced loss.
    Result,
}

impl Cost {
    /// The cost of a turn scored `played` where the best scored `best`,
    /// both for the side that played it.
    pub fn of(best: Score, played: Score) -> Cost {
        match (decided(best), decided(played)) {
            (Score::Value(b), Score::Value(p)) => match b.saturating_sub(p) {
                d if d > 0 => Cost::Value(d),
                _ => Cost::None,
            },
            (Score::Win(_), Score::Win(_)) | (Score::Loss(_), Score::Loss(_)) => Cost::None,
            (Score::Loss(_), _) => Cost::None,
            _ if win_let_go(best, played) || lost_behind(best, played) => Cost::Value(DEFAULT_MARGIN),
            (Score::Win(_), _) | (_, Score::Loss(_)) => Cost::Result,
            (Score::Value(_), Score::Win(_)) => Cost::None,
        }
    }

    /// Orders costs: nothing, then by value, then a changed result.
    pub fn rank(self) -> i64 {
        match self {
            Cost::None => 0,
            Cost::Value(d) => i64::from(d),
            Cost::Result => i64::MAX,
        }
    }
}

/// A win/draw/loss table's win or loss (a value at the edge,
/// [`Score::table_result`]) as a win or a loss of unknown length.
fn decided(s: Score) -> Score {
    match s.table_result() {
        Some(true) => Score::Win(u32::MAX),
        Some(false) => Score::Loss(u32::MAX),
        None => s,
    }
}

/// Whether a turn scored `played` where the best scored `best` (both for
/// its side) let a forced win the search found go, for a lead of
/// [`LEAD_KEPT`] or more: charged [`DEFAULT_MARGIN`] by [`Cost::of`], not
/// a changed result.
pub fn win_let_go(best: Score, played: Score) -> bool {
    matches!((decided(best), decided(played)), (Score::Win(_), Score::Value(p)) if p >= LEAD_KEPT)
}

/// Whether such a turn walked into a forced loss from [`LEAD_KEPT`] or
/// more behind: charged as [`win_let_go`] is.
fn lost_behind(best: Score, played: Score) -> bool {
    matches!((decided(best), decided(played)), (Score::Value(b), Score::Loss(_)) if b <= -LEAD_KEPT)
}

/// Whether a score is a loss, forced or a table's.
pub fn loses(s: Score) -> bool {
    decided(s).is_loss()
}

/// An exact value as a score for the same side: a draw even.
pub fn exact_score(v: Value) -> Score {
    match v {
        Value::Win(n) => Score::Win(u32::from(n)),
        Value::Draw => Score::DRAW,
        Value::Loss(n) => Score::Loss(u32::from(n)),
    }
}

/// How a turn is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    None,
    /// `?`: cost the margin or more.
    Mistake,
    /// `??`: changed the result.
    Blunder,
}

impl Mark {
    /// The mark of a turn that cost `cost`, with `margin` for a mistake.
    pub fn of(cost: Cost, margin: i32) -> Mark {
        match cost {
            Cost::Result => Mark::Blunder,
            Cost::Value(d) if d >= margin => Mark::Mistake,
            _ => Mark::None,
        }
    }

    /// `""`, `"?"` or `"??"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One turn reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnReview {
    /// The turn's number in the game, from 1.
    pub turn: usize,
    /// Who played it.
    pub side: Color,
    pub played: Move,
    /// The engine's choice (the same as `played` when they agree).
    pub best: Move,
    /// The best turn's score, for `side`: the value of the position before.
    pub best_score: Score,
    /// The turn played's score, for `side`.
    pub played_score: Score,
    pub cost: Cost,
    pub mark: Mark,
    /// Judged by exact values (the searcher's tables or the exact judge
    /// of [`Reviewer::step_with`]), not by a search.
    pub exact: bool,
}

impl TurnReview {
    /// The turn was not the engine's choice, and both it and the engine's
    /// lose: nothing to mark, and nothing better to show.
    pub fn both_lose(&self) -> bool {
        self.best != self.played && loses(self.best_score) && loses(self.played_score)
    }

    /// The value of the position after the turn, from light's side.
    pub fn light_score(&self) -> Score {
        match self.side {
            Color::Light => self.played_score,
            Color::Dark => self.played_score.flip(),
        }
    }

    /// The value of the position before the turn, from light's side.
    pub fn light_score_before(&self) -> Score {
        match self.side {
            Color::Light => self.best_score,
            Color::Dark => self.best_score.flip(),
        }
    }
}

/// Goes through a game's turns, one a [`Reviewer::step`].
#[derive(Clone, Debug)]
pub struct Reviewer {
    game: Game,
    limits: Limits,
    margin: i32,
    /// The index of the next turn to review.
    next: usize,
    /// One past the last turn to review.
    end: usize,
    /// How much deeper a marked turn is judged again.
    confirm: u32,
}

impl Reviewer {
    /// Reviews every turn of `game`, searching each position with
    /// `limits` and marking a turn that costs `margin` (hundredths of a
    /// piece) or more.
    pub fn new(game: Game, limits: Limits, margin: i32) -> Reviewer {
        let end = game.moves().len();
        Reviewer {
            game,
            limits,
            margin,
            next: 0,
            end,
            confirm: CONFIRM_PLIES,
        }
    }

    /// Judges a marked turn again `plies` deeper (0: never) instead of
    /// [`CONFIRM_PLIES`].
    pub fn confirming(mut self, plies: u32) -> Reviewer {
        self.confirm = plies;
        self
    }

    /// Only the turns `first..=last`, counted from 1 (clamped to the game).
    pub fn turns(mut self, first: usize, last: usize) -> Reviewer {
        self.end = last.min(self.game.moves().len());
        self.next = first.saturating_sub(1).min(self.end);
        self
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many turns the review covers.
    pub fn total(&self) -> usize {
        self.end.saturating_sub(self.first())
    }

    fn first(&self) -> usize {
        self.next.min(self.end)
    }

    /// The index of the next turn to review (0 for the game's first).
    pub fn next_index(&self) -> usize {
        self.next
    }

    /// Whether every turn is reviewed.
    pub fn is_done(&self) -> bool {
        self.next >= self.end
    }

    /// Reviews the next turn; `None` when every turn is reviewed (or the
    /// game was over before the next one). A `stop` raised during the
    /// search cuts it short, and the turn is judged on what it found.
    ///
    /// A turn marked at the review's depth is judged again
    /// [`CONFIRM_PLIES`] deeper ([`Reviewer::confirming`]), and that judgement stands: a mark is
    /// never the horizon of the shallower search alone (a "mistake" that
    /// a deeper look, as the analysis board's, finds costs nothing, or a
    /// "blunder" in a position already lost).
    pub fn step(
        &mut self,
        searcher: &mut Searcher,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Option<TurnReview> {
        self.step_with(searcher, clock, stop, &mut |_| None)
    }

    /// [`Reviewer::step`] with an exact judge besides the searcher's
    /// tables: where `exact` knows a position's moves, their values decide
    /// the turn played from it.
    pub fn step_with(
        &mut self,
        searcher: &mut Searcher,
        clock: &dyn Clock,
        stop: &AtomicBool,
        exact: ExactMoves,
    ) -> Option<TurnReview> {
        if self.is_done() {
            return None;
        }
        let i = self.next;
        if let Some(turn) = self.judge_exact(i, searcher, exact) {
            self.next = i + 1;
            return Some(turn);
        }
        let Some(turn) = self.judge(i, self.limits, searcher, clock, stop) else {
            self.next = self.end;
            return None;
        };
        self.next = i + 1;
        let deeper = match self.limits.depth {
            Some(d) if turn.mark != Mark::None && self.confirm > 0 => Limits {
                depth: Some(d.saturating_add(self.confirm)),
                ..self.limits
            },
            _ => return Some(turn),
        };
        Some(self.judge(i, deeper, searcher, clock, stop).unwrap_or(turn))
    }

    /// The turn of index `i` judged by exact values, where the searcher's
    /// tables or `exact` know every move of the position it is played from.
    fn judge_exact(&self, i: usize, searcher: &Searcher, exact: ExactMoves) -> Option<TurnReview> {
        let positions = self.game.positions();
        let (pos, &played) = (positions.get(i)?, self.game.moves().get(i)?);
        let values: Vec<(Move, Value)> = match searcher.tables().and_then(|t| t.root_moves(pos)) {
            Some(moves) => moves.into_iter().map(|t| (t.turn, t.value)).collect(),
            None => exact(pos)?,
        };
        let played_value = values.iter().find(|(m, _)| *m == played)?.1;
        // The best by value; the turn played where it is as good.
        let (best, best_value) = values
            .iter()
            .copied()
            .max_by_key(|&(m, v)| (v.score(), m == played))?;
        let (played_score, best_score) = (exact_score(played_value), exact_score(best_value));
        let cost = match Cost::of(best_score, played_score) {
            // Between exact values only the result counts.
            Cost::Value(_) => Cost::None,
            cost => cost,
        };
        let judged = self.reviewed(i, pos, played, (best, best_score), played_score, cost);
        Some(TurnReview {
            exact: true,
            ..judged
        })
    }

    /// The review of the turn of index `i`, `played` from `pos`, against
    /// the best turn and its score.
    fn reviewed(
        &self,
        i: usize,
        pos: &Position,
        played: Move,
        (best, best_score): (Move, Score),
        played_score: Score,
        cost: Cost,
    ) -> TurnReview {
        TurnReview {
            turn: i + 1,
            side: pos.turn(),
            played,
            best,
            best_score,
            played_score,
            cost,
            mark: Mark::of(cost, self.margin),
            exact: false,
        }
    }

    /// The turn of index `i` judged with `limits`: `None` when the game
    /// was over before it.
    fn judge(
        &self,
        i: usize,
        limits: Limits,
        searcher: &mut Searcher,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Option<TurnReview> {
        let positions = self.game.positions();
        let (pos, &played) = (positions.get(i)?, self.game.moves().get(i)?);
        let history: &[Position] = positions.get(..=i).unwrap_or_default();
        let result = searcher.search(pos, &history[..i], limits, clock, stop, |_| {});
        let best = result.best?;
        let played_score = if best == played {
            result.score
        } else {
            after_turn(searcher, pos, played, history, limits, clock, stop)
        };
        // The played turn's own search may see further than the root's
        // (a faster win, say): a turn as good as the best found is best.
        let (best, mut best_score) = if played_score >= result.score {
            (played, played_score)
        } else {
            (best, result.score)
        };
        let mut cost = Cost::of(best_score, played_score);
        if cost == Cost::Result {
            // The better move judged as the turn played was: a changed
            // result stands only if it is better by that judge too.
            let same = after_turn(searcher, pos, best, history, limits, clock, stop);
            best_score = best_score.min(same);
            cost = Cost::of(best_score, played_score);
        }
        Some(self.reviewed(i, pos, played, (best, best_score), played_score, cost))
    }
}

/// The score of the turn `m` from `pos` for the side that plays it: the
/// position after it searched [`shallower`] (`history` ends with `pos`).
fn after_turn(
    searcher: &mut Searcher,
    pos: &Position,
    m: Move,
    history: &[Position],
    limits: Limits,
    clock: &dyn Clock,
    stop: &AtomicBool,
) -> Score {
    let after = pos.play(m);
    let score = searcher
        .search(&after, history, shallower(limits), clock, stop, |_| {})
        .score;
    // Some rule sets (docs/RULES.md §7) give the same side the
    // next turn too: then the score is already the player's.
    let own = if after.turn() == pos.turn() {
        score
    } else {
        score.flip()
    };
    one_ply_before(own)
}

/// The limits the position after a turn not chosen is searched with: one
/// ply shallower when the depth bounds the search.
fn shallower(limits: Limits) -> Limits {
    match limits.depth {
        Some(d) => Limits {
            depth: Some(d.saturating_sub(1).max(1)),
            ..limits
        },
        None => limits,
    }
}

/// A score one ply before the position it was found in: a win or a loss
/// is one ply further away.
fn one_ply_before(score: Score) -> Score {
    match score {
        Score::Win(n) => Score::Win(n.saturating_add(1)),
        Score::Loss(n) => Score::Loss(n.saturating_add(1)),
        value => value,
    }
}

/// One side's account of a review.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub reviewed: usize,
    pub marked: usize,
    /// The costs in value, summed (a changed result adds nothing).
    pub total: i64,
    /// The worst turn's number and cost.
    pub worst: Option<(usize, Cost)>,
}

impl Summary {
    /// Counts one reviewed turn of this side.
    pub fn add(&mut self, t: &TurnReview) {
        self.reviewed += 1;
        if t.mark != Mark::None {
            self.marked += 1;
        }
        if let Cost::Value(d) = t.cost {
            self.total += i64::from(d);
        }
        if t.cost.rank() > self.worst.map_or(0, |(_, w)| w.rank()) {
            self.worst = Some((t.turn, t.cost));
        }
    }

    /// The average cost a turn, in pieces.
    pub fn average(&self) -> f64 {
        if self.reviewed == 0 {
            0.0
        } else {
            self.total as f64 / self.reviewed as f64 / 100.0
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::NoClock;
    use morris_core::{Record, Variant};

    /// Nine from a position, three pieces each (both fly): dark threatens
    /// the mill a1 d1 g1, and light, instead of flying to g1 to block it,
    /// flies c5-f2 and loses its third piece. (To depth 4 the block holds;
    /// deeper, dark's next double threat shows the position lost anyway.)
    const BLUNDER: &str = "[Variant \"nine\"]\n[Position \"nine .../.L./L../.....D/..L/.../DD. L 0/0 0/0 -\"]\n\n1. c5-f2 g4-g1xe3 *\n";

    fn review(game: Game, depth: u32) -> Vec<TurnReview> {
        review_confirming(game, depth, CONFIRM_PLIES)
    }

    /// Every turn of `game` reviewed to `depth`, a marked one judged again
    /// `confirm` plies deeper.
    fn review_confirming(game: Game, depth: u32, confirm: u32) -> Vec<TurnReview> {
        let mut reviewer = Reviewer::new(game, Limits::depth(depth), DEFAULT_MARGIN).confirming(confirm);
        let mut searcher = Searcher::new(1);
        let stop = AtomicBool::new(false);
        std::iter::from_fn(|| reviewer.step(&mut searcher, &NoClock, &stop)).collect()
    }

    /// A Dooz game (level 6 against level 2) that ends with the first
    /// mover's full-board removal: the last turns of a forced line count
    /// down a ply a turn, and no turn scores better than its "best".
    const DOOZ: &str = "[Variant \"dooz\"]\n\n1. b4 d6 2. d1 d2 3. f2 a7 4. b2 b6 5. f6 e5 6. c5 e3 \
        7. e4 f4 8. a4 c4 9. a1 g1 10. g7 d7 11. d5 c3 12. d3 g4 13. xd2 1-0\n";

    #[test]
    fn forced_lines_count_down_and_no_turn_beats_its_best() {
        let game = Game::from_record(DOOZ).unwrap();
        let turns = review(game, 6);
        assert_eq!(turns.len(), 25);
        for t in &turns {
            assert!(t.played_score <= t.best_score, "turn {}: {t:?}", t.turn);
        }
        let last: Vec<Score> = turns[21..].iter().map(|t| t.played_score).collect();
        assert_eq!(
            last,
            [Score::Loss(4), Score::Win(3), Score::Loss(2), Score::Win(1)]
        );
    }

    #[test]
    fn a_turn_is_charged_what_it_gives_away() {
        assert_eq!(Cost::of(Score::Value(30), Score::Value(-20)), Cost::Value(50));
        assert_eq!(Cost::of(Score::Value(30), Score::Value(40)), Cost::None);
        assert_eq!(Cost::of(Score::Win(5), Score::Value(200)), Cost::Result);
        assert_eq!(Cost::of(Score::Value(0), Score::Loss(7)), Cost::Result);
        // A search's win let go for a lead of three pieces or more, or a
        // forced loss walked into from as far behind: no proven change.
        assert_eq!(
            Cost::of(Score::Win(11), Score::Value(300)),
            Cost::Value(DEFAULT_MARGIN)
        );
        assert_eq!(
            Cost::of(Score::Value(-300), Score::Loss(9)),
            Cost::Value(DEFAULT_MARGIN)
        );
        assert_eq!(
            Mark::of(Cost::of(Score::Win(11), Score::Value(450)), DEFAULT_MARGIN),
            Mark::Mistake
        );
        assert_eq!(Cost::of(Score::Loss(3), Score::Loss(1)), Cost::None);
        assert_eq!(Cost::of(Score::Win(3), Score::Win(9)), Cost::None);
        assert_eq!(Mark::of(Cost::Value(49), 50), Mark::None);
        assert_eq!(Mark::of(Cost::Value(50), 50), Mark::Mistake);
        assert_eq!(Mark::of(Cost::Result, 50), Mark::Blunder);
    }

    #[test]
    fn a_mill_threat_ignored_in_the_endgame_is_a_blunder_and_the_winning_mill_is_not_marked() {
        let record: Record = BLUNDER.parse().unwrap();
        let turns = review(record.game, 4);
        assert_eq!(turns.len(), 2);
        let blunder = turns[0];
        assert_eq!(blunder.side, Color::Light);
        assert_eq!(blunder.mark, Mark::Blunder, "{blunder:?}");
        assert_eq!(blunder.cost, Cost::Result);
        assert!(blunder.played_score.is_loss());
        assert!(!blunder.best_score.is_loss(), "{blunder:?}");
        assert_ne!(blunder.best, blunder.played);
        // The winner's mill wins whichever piece it takes: as good as the
        // engine's own choice, unmarked.
        let win = turns[1];
        assert_eq!(win.mark, Mark::None);
        assert!(win.best_score.is_win() && win.played_score.is_win(), "{win:?}");
        assert_eq!(win.cost, Cost::None);
        assert!(win.light_score().is_loss());
        assert!(blunder.light_score().is_loss() && !blunder.light_score_before().is_loss());
    }

    #[test]
    fn a_mill_threat_ignored_in_three_mens_morris_is_a_blunder() {
        // Light's c1 threatens b1 (a1 c1); dark plays a3, and b1 wins.
        let record: Record = "[Variant \"three\"]\n\n1. a1 b2 2. c1 a3 3. b1 1-0\n"
            .parse()
            .unwrap();
        let game = record.game;
        for depth in [6, 12] {
            let turns = review(game.clone(), depth);
            let a3 = turns[3];
            assert_eq!(
                (a3.turn, a3.side, a3.mark),
                (4, Color::Dark, Mark::Blunder),
                "depth {depth}"
            );
            assert_eq!(game.positions()[3].notation(a3.best), "b1");
            assert!(a3.played_score.is_loss() && !a3.best_score.is_loss(), "{a3:?}");
            // The mill that wins is the engine's own choice, unmarked.
            let b1 = turns[4];
            assert_eq!((b1.best, b1.mark, b1.cost), (b1.played, Mark::None, Cost::None));
            assert!(
                turns[1..3].iter().all(|t| t.mark != Mark::Blunder),
                "depth {depth}"
            );
        }
    }

    /// Three Men's Morris, random turns: dark's 5… b2-b1 loses in 2
    /// plies, and every other move loses too (c3-c2 in 8), though a search
    /// alone to depth 12 scores c3-c2 a draw and marks b2-b1 `??`.
    const BOTH_LOSE: &str =
        "[Variant \"three\"]\n\n1. a3 b3 2. c1 c2 3. b1 c3 4. b1-a1 c2-b2 5. a1-a2 b2-b1 *\n";

    /// Each legal move of `pos` with its exact value for its mover, solved.
    fn solved(base: &mut morris_solver::Tablebase, pos: &Position) -> Option<Vec<(Move, Value)>> {
        if pos.terminal().is_some() {
            return None;
        }
        let moves = pos.legal_moves().into_iter();
        moves
            .map(|m| base.solve_position(&pos.play(m)).ok().map(|v| (m, v.back())))
            .collect()
    }

    #[test]
    fn exact_values_judge_where_they_reach_and_both_losing_is_not_marked() {
        let game = Game::from_record(BOTH_LOSE).unwrap();
        let mut base = morris_solver::Tablebase::new(Variant::Three.rules());
        let mut reviewer = Reviewer::new(game.clone(), Limits::depth(12), DEFAULT_MARGIN);
        let (mut searcher, stop) = (Searcher::new(1), AtomicBool::new(false));
        let mut exact = |pos: &Position| solved(&mut base, pos);
        let turns: Vec<TurnReview> =
            std::iter::from_fn(|| reviewer.step_with(&mut searcher, &NoClock, &stop, &mut exact)).collect();
        assert_eq!(turns.len(), 10);
        let b1 = turns[9];
        assert_eq!(
            (b1.side, b1.mark, b1.cost),
            (Color::Dark, Mark::None, Cost::None),
            "{b1:?}"
        );
        assert!(b1.both_lose(), "{b1:?}");
        assert_eq!((b1.played_score, b1.best_score), (Score::Loss(2), Score::Loss(8)));
        assert_eq!(game.positions()[9].notation(b1.best), "c3-c2");
        // The search alone marks it: the review that cannot solve.
        let mut alone = Reviewer::new(game.clone(), Limits::depth(12), DEFAULT_MARGIN).turns(10, 10);
        let searched = alone.step(&mut Searcher::new(1), &NoClock, &stop);
        assert_eq!(searched.map(|t| t.mark), Some(Mark::Blunder), "{searched:?}");
        assert_eq!(searched.map(|t| t.exact), Some(false), "searched, not exact");
        assert!(turns.iter().all(|t| t.exact), "every turn judged by the solve");
        // Every turn is judged by the values: a mark only where the best
        // move's result is strictly better than the turn played's.
        let mut base = morris_solver::Tablebase::new(Variant::Three.rules());
        for t in &turns {
            let values = solved(&mut base, &game.positions()[t.turn - 1]).unwrap();
            let value = |m: Move| {
                values
                    .iter()
                    .find(|(x, _)| *x == m)
                    .map(|(_, v)| exact_score(*v))
                    .unwrap()
            };
            assert_eq!(
                (value(t.played), value(t.best)),
                (t.played_score, t.best_score),
                "{t:?}"
            );
            let changed = Cost::of(t.best_score, t.played_score) == Cost::Result;
            assert_eq!(t.mark == Mark::Blunder, changed, "{t:?}");
            assert_ne!(t.mark, Mark::Mistake, "{t:?}");
        }
    }

    /// A game of random moves in Nine: to depth 4 alone, dark's 4... d3
    /// (turn 8) costs 1.32 pieces and light's 7. b6 (turn 13) 0.83; two
    /// plies deeper, 0.46 and 0.15: under the margin.
    const LIFTED: &str = "[Variant \"nine\"]\n\n1. f4 g4 2. d2 g1 3. c3 a4 4. b2 d3 5. d6 d7 \
        6. a1 g7xa1 7. b6 a7xd6 8. d6 d1 9. f6xd1 b4 10. d6-d5 *\n";

    #[test]
    fn a_mark_stands_only_if_a_deeper_look_confirms_it() {
        let game = Game::from_record(LIFTED).unwrap();
        let (alone, confirmed) = (review_confirming(game.clone(), 4, 0), review(game, 4));
        assert_eq!(alone.len(), 19);
        for turn in [8, 13] {
            let (a, c) = (alone[turn - 1], confirmed[turn - 1]);
            assert_eq!((a.turn, a.mark), (turn, Mark::Mistake), "{a:?}");
            assert_eq!((c.turn, c.mark), (turn, Mark::None), "{c:?}");
            assert!(c.cost.rank() < i64::from(DEFAULT_MARGIN), "{c:?}");
        }
    }

    #[test]
    fn best_turns_are_not_marked_and_a_range_is_kept() {
        let mut game = Game::new(Variant::Nine.rules());
        for m in ["d6", "a1", "f6", "g7", "b6xa1"] {
            game.play_text(m).unwrap();
        }
        let turns = review(game.clone(), 4);
        let marks: Vec<_> = turns.iter().map(|t| t.mark).collect();
        use Mark::*;
        assert_eq!(marks, [None, None, None, Mistake, None]);
        // Where the turn played is the engine's own, it costs nothing.
        let own: Vec<_> = turns.iter().filter(|t| t.best == t.played).collect();
        assert!(!own.is_empty());
        assert!(own
            .iter()
            .all(|t| t.cost == Cost::None && t.played_score == t.best_score));
        let mut summary = [Summary::default(); 2];
        for t in &turns {
            summary[t.side.index()].add(t);
        }
        assert_eq!(summary[1].worst.map(|w| w.0), Some(4));
        assert_eq!((summary[0].reviewed, summary[0].marked), (3, 0));

        let part = Reviewer::new(game, Limits::depth(2), DEFAULT_MARGIN).turns(2, 3);
        assert_eq!(part.total(), 2);
        assert_eq!(part.next_index(), 1);
        let empty = Reviewer::new(Game::new(Variant::Nine.rules()), Limits::depth(2), 50);
        assert!(empty.is_done());
    }
}

//! The position editor's state, with no browser in it: the position being
//! set up (a [`Setup`], which may be one no game allows: the editor says
//! why), the tool a press on the board uses, and the editor's link
//! (`#editor&position=…`, the position text percent-encoded).

use std::rc::Rc;

use morris_core::{Color, Point, Position, PositionError, Rules, Setup};
use yew::Reducible;

use crate::link::{decode, encode, LinkError};

/// What a press on a point does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tool {
    /// Empty, then light, then dark, then empty again.
    #[default]
    Cycle,
    /// Puts a light piece (takes it off again where one stands).
    Light,
    /// Puts a dark piece (takes it off again where one stands).
    Dark,
    Eraser,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Cycle, Tool::Light, Tool::Dark, Tool::Eraser];

    pub const fn id(self) -> &'static str {
        match self {
            Tool::Cycle => "cycle",
            Tool::Light => "light",
            Tool::Dark => "dark",
            Tool::Eraser => "eraser",
        }
    }
}

/// The position being set up and the tool in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editing {
    pub setup: Setup,
    pub tool: Tool,
}

impl Editing {
    pub fn new(setup: Setup) -> Editing {
        Editing {
            setup,
            tool: Tool::default(),
        }
    }

    /// The piece the tool leaves on `p`. A press changes the pieces and,
    /// while pieces are still in hand, the hands ([`hand_after`]); a
    /// position with both hands empty stays in the moving phase, so a
    /// piece taken off it is one captured. A re-forming ban (the history
    /// of one move) is dropped, and a dead marker under the new piece goes.
    pub fn press(&self, p: Point) -> Editing {
        let s = &self.setup;
        let now = Color::ALL.into_iter().find(|&c| s.pieces[c].contains(p));
        let next = match (self.tool, now) {
            (Tool::Cycle, None) => Some(Color::Light),
            (Tool::Cycle, Some(Color::Light)) => Some(Color::Dark),
            (Tool::Cycle, Some(Color::Dark)) | (Tool::Eraser, _) => None,
            (Tool::Light, c) => (c != Some(Color::Light)).then_some(Color::Light),
            (Tool::Dark, c) => (c != Some(Color::Dark)).then_some(Color::Dark),
        };
        let mut setup = s.clone();
        for c in Color::ALL {
            setup.pieces[c] = setup.pieces[c].without(p);
        }
        if let Some(c) = next {
            setup.pieces[c] = setup.pieces[c].with(p);
            setup.markers = setup.markers.without(p);
        }
        if !moving(s) {
            for c in Color::ALL
                .into_iter()
                .filter(|&c| (now == Some(c)) != (next == Some(c)))
            {
                setup.in_hand[c] = hand_after(&setup, c, next == Some(c));
            }
        }
        setup.ban = Default::default();
        self.with_setup(setup)
    }

    fn with_setup(&self, setup: Setup) -> Editing {
        Editing {
            setup,
            ..self.clone()
        }
    }

    pub fn with_tool(&self, tool: Tool) -> Editing {
        Editing { tool, ..self.clone() }
    }

    pub fn with_turn(&self, turn: Color) -> Editing {
        self.with_setup(Setup {
            turn,
            ..self.setup.clone()
        })
    }

    /// `c`'s pieces in hand, at most the pieces of the game.
    pub fn with_hand(&self, c: Color, n: u8) -> Editing {
        let mut setup = self.setup.clone();
        setup.in_hand[c] = n.min(setup.rules.pieces);
        self.with_setup(setup)
    }

    /// New rules: on the same board the pieces stay (the hands no larger
    /// than the new game gives); a new board, or a start left untouched,
    /// starts from the new game's start.
    pub fn with_rules(&self, rules: Rules) -> Editing {
        let untouched = self.setup == Setup::start(self.setup.rules);
        if rules.board != self.setup.rules.board || untouched {
            return self.with_setup(Setup::start(rules));
        }
        let mut setup = self.setup.clone();
        setup.rules = rules;
        for c in Color::ALL {
            setup.in_hand[c] = setup.in_hand[c].min(rules.pieces);
        }
        self.with_setup(setup)
    }

    /// The board emptied, under the same rules. A moving position (both
    /// hands empty) stays one, with its side to move, to set up an endgame
    /// from scratch; otherwise the hands are full again, as at the start:
    /// an empty board with pieces gone from a hand is no position a game
    /// reaches.
    pub fn cleared(&self) -> Editing {
        let s = &self.setup;
        let mut setup = Setup::start(s.rules);
        if moving(s) {
            setup.in_hand = s.in_hand;
            setup.turn = s.turn;
        }
        self.with_setup(setup)
    }

    /// The start of a game under the rules chosen.
    pub fn started(&self) -> Editing {
        self.with_setup(Setup::start(self.setup.rules))
    }

    /// Every reason the position cannot be used.
    pub fn problems(&self) -> Vec<PositionError> {
        self.setup.problems()
    }

    /// The position, if it has no problem.
    pub fn position(&self) -> Option<Position> {
        if self.problems().is_empty() {
            self.setup.position().ok()
        } else {
            None
        }
    }
}

/// Whether `setup` is past the placing: both hands empty.
fn moving(setup: &Setup) -> bool {
    Color::ALL.into_iter().all(|c| setup.in_hand[c] == 0)
}

/// `c`'s hand once a piece of `c` was put on the board (`put`) or taken
/// off: a piece put on comes from the hand when the board and the hand
/// would hold more than the game gives a side; one taken off goes back to
/// it, up to what the game gives. So a position set up from the start
/// never holds too many pieces.
fn hand_after(setup: &Setup, c: Color, put: bool) -> u8 {
    let on_board = u8::try_from(setup.pieces[c].count()).unwrap_or(u8::MAX);
    let room = setup.rules.pieces.saturating_sub(on_board);
    let hand = setup.in_hand[c];
    if put {
        hand.min(room)
    } else {
        hand.saturating_add(1).min(room)
    }
}

/// A change to the editor's state, applied to the latest one.
pub type Change = Rc<dyn Fn(&Editing) -> Editing>;

/// `f` as a [`Change`].
pub fn change(f: impl Fn(&Editing) -> Editing + 'static) -> Change {
    Rc::new(f)
}

impl Reducible for Editing {
    type Action = Change;

    fn reduce(self: Rc<Self>, f: Change) -> Rc<Self> {
        Rc::new(f(&self))
    }
}

/// The first field of an editor link.
pub const EDITOR_MARK: &str = "editor";

/// The link text that opens the editor on `setup` (problems and all).
pub fn editor_link(setup: &Setup) -> String {
    format!("{EDITOR_MARK}&position={}", encode(&setup.to_string()))
}

/// The fields of an editor link (with or without `#`, or a whole address
/// holding one), if the text is one.
pub fn editor_payload(text: &str) -> Option<&str> {
    crate::link::marked_payload(text, EDITOR_MARK)
}

/// The setup an editor link's fields name: `position=` (any well-written
/// position, playable or not), else `variant=`'s start, else Nine's.
pub fn read_editor_link(fields: &str) -> Result<Setup, LinkError> {
    let mut setup = Setup::start(Rules::default());
    for field in fields.split('&').filter(|f| !f.is_empty()) {
        let (key, value) = field.split_once('=').unwrap_or((field, ""));
        let value = decode(value);
        match key {
            "position" => setup = value.parse().map_err(|e| LinkError(format!("position: {e}")))?,
            "variant" => {
                let rules: Rules = value.parse().map_err(|e| LinkError(format!("{e}")))?;
                setup = Setup::start(rules);
            }
            _ => {
                return Err(LinkError(format!(
                    "unknown field `{}`",
                    key.chars().take(32).collect::<String>()
                )))
            }
        }
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Variant;

    fn point(e: &Editing, name: &str) -> Point {
        e.setup
            .rules
            .geometry()
            .parse_point(name)
            .unwrap_or_else(|e| unreachable!("{e}"))
    }

    #[test]
    fn presses_cycle_and_the_palette_puts_or_takes() {
        let e = Editing::new(Setup::start(Rules::default()));
        let d6 = point(&e, "d6");
        let once = e.press(d6);
        assert!(once.setup.pieces.light.contains(d6));
        let twice = once.press(d6);
        assert!(twice.setup.pieces.dark.contains(d6) && !twice.setup.pieces.light.contains(d6));
        assert_eq!(twice.press(d6).setup, e.setup, "the third press empties it");
        let dark = e.with_tool(Tool::Dark);
        assert!(dark.press(d6).setup.pieces.dark.contains(d6));
        assert_eq!(
            dark.press(d6).press(d6).setup,
            e.setup,
            "the same piece again takes it off"
        );
        let erased = twice.with_tool(Tool::Eraser).press(d6);
        assert_eq!(erased.setup.pieces, e.setup.pieces);
    }

    #[test]
    fn a_piece_put_on_comes_from_the_hand_and_goes_back_when_taken_off() {
        let mut e = Editing::new(Setup::start(Rules::default())).with_tool(Tool::Light);
        for n in ["a1", "a4", "g7"] {
            e = e.press(point(&e, n));
        }
        assert_eq!(e.setup.in_hand.light, 6, "three placed from nine");
        assert_eq!(e.setup.in_hand.dark, 9);
        assert!(!e
            .problems()
            .iter()
            .any(|p| matches!(p, PositionError::TooManyPieces { .. })));
        let a4 = point(&e, "a4");
        let erased = e.with_tool(Tool::Eraser).press(a4);
        assert_eq!(erased.setup.in_hand.light, 7, "the piece goes back");
        let cycled = e.with_tool(Tool::Cycle).press(a4);
        assert_eq!((cycled.setup.in_hand.light, cycled.setup.in_hand.dark), (7, 8));
        // A hand lowered by hand stays: a piece put on takes only what is over.
        let low = erased.with_hand(Color::Light, 2).with_tool(Tool::Light).press(a4);
        assert_eq!(low.setup.in_hand.light, 2);
        // No hand grows past what the game gives.
        let full = Editing::new(Setup::start(Rules::default())).with_tool(Tool::Eraser);
        assert_eq!(full.press(a4).setup.in_hand.light, 9);
    }

    #[test]
    fn a_moving_position_stays_one_when_a_point_is_cycled_or_erased() {
        let mut e = Editing::new(Setup::start(Rules::default())).with_tool(Tool::Light);
        for n in ["a1", "a4", "g7"] {
            e = e.press(point(&e, n));
        }
        let mut e = e
            .with_hand(Color::Light, 0)
            .with_hand(Color::Dark, 0)
            .with_tool(Tool::Cycle);
        let d6 = point(&e, "d6");
        for _ in 0..3 {
            e = e.press(d6);
        }
        assert_eq!(
            (e.setup.in_hand.light, e.setup.in_hand.dark),
            (0, 0),
            "light, dark, empty: no piece goes to a hand"
        );
        let erased = e.with_tool(Tool::Eraser).press(point(&e, "a4"));
        assert_eq!(
            erased.setup.in_hand.light, 0,
            "a piece taken off in the moving phase is one captured"
        );
        let cleared = erased.with_turn(Color::Dark).cleared();
        assert_eq!(
            (cleared.setup.in_hand.light, cleared.setup.in_hand.dark),
            (0, 0),
            "an endgame set up from scratch"
        );
        assert_eq!(cleared.setup.turn, Color::Dark);
    }

    #[test]
    fn a_board_cleared_in_the_placing_has_its_hands_full_again() {
        let e = Editing::new(Setup::start(Rules::default())).with_tool(Tool::Cycle);
        let d6 = point(&e, "d6");
        let cleared = e.press(d6).cleared();
        assert_eq!(
            cleared.setup,
            Setup::start(Rules::default()),
            "the start, not 8 and 9 in hand on an empty board"
        );
        assert!(cleared.problems().is_empty(), "{:?}", cleared.problems());
    }

    #[test]
    fn ten_pieces_in_nine_is_refused_and_nine_with_empty_hands_is_not() {
        let mut e = Editing::new(Setup::start(Rules::default())).with_tool(Tool::Light);
        let names = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4"];
        for n in names {
            e = e.press(point(&e, n));
        }
        for n in ["a1", "d1", "g1"] {
            e = e.with_tool(Tool::Dark).press(point(&e, n));
        }
        e = e.with_hand(Color::Light, 0).with_hand(Color::Dark, 0);
        assert!(e.problems().iter().any(|p| matches!(
            p,
            PositionError::TooManyPieces {
                color: Color::Light,
                ..
            }
        )));
        assert!(e.position().is_none());
        let fixed = e.with_tool(Tool::Eraser).press(point(&e, "a4"));
        assert_eq!(fixed.problems(), vec![]);
        assert!(fixed.position().is_some());
    }

    #[test]
    fn hands_are_bounded_and_a_new_board_starts_afresh() {
        let e = Editing::new(Setup::start(Rules::default()));
        assert_eq!(e.with_hand(Color::Dark, 40).setup.in_hand.dark, 9);
        let d6 = point(&e, "d6");
        let lasker = e.press(d6).with_rules(Variant::Lasker.rules());
        assert!(lasker.setup.pieces.light.contains(d6), "same board, same pieces");
        let twelve = Variant::ElFilja.rules();
        assert_eq!(
            e.with_rules(twelve).setup,
            Setup::start(twelve),
            "a start stays a start"
        );
        let six = e.press(d6).with_rules(Variant::Six.rules());
        assert_eq!(six.setup, Setup::start(Variant::Six.rules()));
        assert_eq!(e.press(d6).cleared().setup.pieces, e.setup.pieces);
    }

    #[test]
    fn editor_links_round_trip_even_impossible_positions() {
        let e = Editing::new(Setup::start(Variant::Morabaraba.rules()));
        let e = e
            .with_tool(Tool::Dark)
            .press(point(&e, "d6"))
            .with_turn(Color::Dark);
        let text = editor_link(&e.setup);
        let address = format!("https://x.org/#{text}");
        let fields = editor_payload(&address).unwrap_or_default();
        assert_eq!(read_editor_link(fields), Ok(e.setup.clone()));
        assert_eq!(editor_payload("#editor"), Some(""));
        assert_eq!(read_editor_link(""), Ok(Setup::start(Rules::default())));
        assert_eq!(
            read_editor_link("variant=six"),
            Ok(Setup::start(Variant::Six.rules()))
        );
        assert!(read_editor_link("position=nine%20L").is_err());
        assert_eq!(editor_payload("#analysis&variant=six"), None);
        assert_eq!(editor_payload("#editorx"), None);
    }
}

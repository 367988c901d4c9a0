//! The rules of the mill games: Nine, Three, Six and Twelve Men's Morris,
//! Morabaraba (with its Sotho and 11-cow forms) and Lasker Morris, with
//! every rule option a host can set; and the world's other mill games of
//! docs/RULES.md §7 (Five and Seven Men's Morris, Dooz, One-time mill, Cham
//! Gonu, Zhi Qi, Cheng San Qi, Da San Qi, Mul-Mulan, Nerenchi, El Filja:
//! [`Variant::WORLD`], with the options of [`RuleKey::WORLD`]).
//!
//! The crate is plain Rust with no platform dependencies; it compiles for
//! `wasm32-unknown-unknown` and never panics on input: every parse returns
//! a typed error, with syntax errors and illegal moves kept apart.
//!
//! ```
//! use morris_core::{Game, Variant};
//!
//! let mut game = Game::new(Variant::Nine.rules());
//! assert_eq!(game.legal_moves().len(), 24);
//! game.play_text("d6").unwrap();
//! assert!(game.play_text("d6").is_err()); // occupied
//! assert_eq!(morris_core::perft(game.position(), 2), 23 * 22);
//! ```
//!
//! The modules, from the ground up: [`Color`] and [`Point`]/[`Coord`]; the
//! [`Bitboard`]; the board tables ([`Geometry`]); the [`Rules`] and
//! [`Variant`]s; the [`Position`] with its move generation and [`Outcome`];
//! [`Move`] and its notation; the [`Game`] with history; the position text
//! ([`Setup`]); game records ([`Record`]); Sanmill FEN import; [`perft`].

mod bitboard;
mod board;
mod color;
mod game;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod point;
mod position;
mod reach;
mod record;
mod rules;
mod sanmill;
mod setup;
mod world;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{BoardKind, Geometry, ParseBoardKindError, PointError, MAX_MILLS_THROUGH};
pub use color::{ByColor, Color};
pub use game::{Game, GameOverError};
pub use moves::Move;
pub use notation::{
    parse_turns, IllegalMoveError, IllegalReason, MoveError, MoveText, ParseMoveError, TurnKind, TurnList,
    TurnListError, RESULT_TOKENS,
};
pub use outcome::{Outcome, Reason};
pub use perft::{divide, divide_plies, perft, perft_plies};
pub use point::{Coord, ParseCoordError, Point, MAX_POINTS};
pub use position::{Due, Phase, Position};
pub use record::{split_records, Record, RecordError, TurnsError, MAX_RECORD_LEN, MAX_RECORD_TURNS};
pub use rules::{
    Blocked, BoardFull, FlyAt, MillTakes, ParseRulesError, ParseVariantError, PlacingMill, Removal,
    RuleError, RuleKey, Rules, Variant,
};
pub use sanmill::{from_sanmill_fen, SanmillFenError};
pub use setup::{ParsePositionError, PositionError, PositionTextError, Setup};

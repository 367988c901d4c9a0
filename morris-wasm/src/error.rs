//! The API's errors: one variant for each kind of failure, built from the
//! core's typed errors, and thrown to JavaScript as an `Error` whose `name`
//! says the kind (`MoveSyntaxError`, `IllegalMoveError`, …) and whose
//! `message` is the core's own. The enum is plain Rust, so the logic under
//! the bindings is tested natively; only `From<ApiError> for JsValue`, at
//! the boundary, touches JavaScript.

use morris_core::{
    GameOverError, IllegalMoveError, MoveError, ParseMoveError, PositionTextError, RecordError, RuleError,
};
use morris_engine::net::NetError;
#[cfg(feature = "remote")]
use morris_solver::web::remote::RemoteError;
use morris_solver::TableFileError;
use thiserror::Error;
use wasm_bindgen::JsValue;

/// What went wrong, said for the person who called the API.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// `MoveSyntaxError`: a move text that is not written in the notation.
    #[error("{}{source}", place(.within.as_deref()))]
    MoveSyntax {
        /// Where in the call's input the move was: `move 2 of the list`.
        within: Option<String>,
        source: ParseMoveError,
    },
    /// `IllegalMoveError`: a well-written move that is not legal in the
    /// position, or any move once the game is over.
    #[error("{}{source}", place(.within.as_deref()))]
    IllegalMove {
        within: Option<String>,
        source: IllegalMoveError,
    },
    /// `PositionError`: a position text that does not parse, or a
    /// position the rules cannot have.
    #[error("{}{source}", place(.within.as_deref()))]
    Position {
        within: Option<String>,
        source: PositionTextError,
    },
    /// `RecordError`: a game record that cannot be read.
    #[error("bad game record: {0}")]
    Record(#[from] RecordError),
    /// `RecordError` too: a text with nothing in it.
    #[error("bad game record: it is empty")]
    EmptyRecord,
    /// `OptionError`: an unknown variant, an unknown key in an options
    /// object, a value an option does not take, or options that do not
    /// go together.
    #[error("{0}")]
    Option(String),
    /// `ArgumentError`: an argument of a kind the call does not take (a
    /// move that is not a string, options that are not an object).
    #[error("{0}")]
    Argument(String),
    /// `TableFileError`: bytes that are not a usable endgame table.
    #[error("not a usable table file: {0}")]
    TableFile(#[from] TableFileError),
    /// `NetworkFileError`: bytes that are not a learned evaluation's
    /// network this engine reads.
    #[error("{}", network_message(.0))]
    NetworkFile(#[from] NetError),
    /// `GameOverError`: a resignation or a draw offer after the end.
    #[error(transparent)]
    GameOver(#[from] GameOverError),
    /// `StateError`: a call on an object that can no longer take it (a
    /// destroyed board).
    #[error("{0}")]
    State(&'static str),
    /// `MemoryError`: more memory than the WebAssembly module can have.
    #[error("{0}")]
    Memory(String),
    /// Web table files read over HTTP (`openTables`) that give no value:
    /// `NeedsNetworkError` for a block not cached with the host out of
    /// reach, `TableFileError` for a block or an index that fails its
    /// checksum, `TablesHostError` for a host that answers with an HTTP
    /// error, without byte ranges, or with no manifest of web tables.
    /// (The message is made where the error is converted, so that the
    /// engine and board modules, which never read web tables, carry none
    /// of it.)
    #[error("{message}")]
    Remote { name: &'static str, message: String },
}

#[cfg(feature = "remote")]
impl From<RemoteError> for ApiError {
    fn from(e: RemoteError) -> ApiError {
        let name = if e.needs_network() {
            "NeedsNetworkError"
        } else if matches!(e, RemoteError::Corrupt(_)) {
            "TableFileError"
        } else {
            "TablesHostError"
        };
        ApiError::Remote {
            name,
            message: e.to_string(),
        }
    }
}

/// A network file's problem, said as one sentence: the core's own
/// message when it already says what the bytes are not.
fn network_message(e: &NetError) -> String {
    match e {
        NetError::Magic => e.to_string(),
        _ => format!("not a usable network file: {e}"),
    }
}

/// A place in a call's input, said before the problem.
fn place(within: Option<&str>) -> String {
    within.map_or_else(String::new, |w| format!("{w}: "))
}

impl ApiError {
    /// Every `name` an error can have in JavaScript, as `types.d.ts`'s
    /// `MorrisErrorName` lists them.
    pub const NAMES: [&'static str; 13] = [
        "MoveSyntaxError",
        "IllegalMoveError",
        "PositionError",
        "RecordError",
        "OptionError",
        "ArgumentError",
        "TableFileError",
        "NetworkFileError",
        "GameOverError",
        "StateError",
        "MemoryError",
        "NeedsNetworkError",
        "TablesHostError",
    ];

    /// The JavaScript `name` of the error: its kind.
    pub fn name(&self) -> &'static str {
        match self {
            ApiError::MoveSyntax { .. } => "MoveSyntaxError",
            ApiError::IllegalMove { .. } => "IllegalMoveError",
            ApiError::Position { .. } => "PositionError",
            ApiError::Record(_) | ApiError::EmptyRecord => "RecordError",
            ApiError::Option(_) => "OptionError",
            ApiError::Argument(_) => "ArgumentError",
            ApiError::TableFile(_) => "TableFileError",
            ApiError::NetworkFile(_) => "NetworkFileError",
            ApiError::GameOver(_) => "GameOverError",
            ApiError::State(_) => "StateError",
            ApiError::Memory(_) => "MemoryError",
            ApiError::Remote { name, .. } => name,
        }
    }

    /// The error as found at `place` in the call's input (`move 2 of the
    /// list`); errors that are not about a part of the input are unchanged.
    pub fn within(mut self, place: impl Into<String>) -> ApiError {
        match &mut self {
            ApiError::MoveSyntax { within, .. }
            | ApiError::IllegalMove { within, .. }
            | ApiError::Position { within, .. } => *within = Some(place.into()),
            _ => {}
        }
        self
    }
}

impl From<ParseMoveError> for ApiError {
    fn from(source: ParseMoveError) -> ApiError {
        ApiError::MoveSyntax { within: None, source }
    }
}

impl From<IllegalMoveError> for ApiError {
    fn from(source: IllegalMoveError) -> ApiError {
        ApiError::IllegalMove { within: None, source }
    }
}

impl From<MoveError> for ApiError {
    fn from(e: MoveError) -> ApiError {
        match e {
            MoveError::Syntax(e) => e.into(),
            MoveError::Illegal(e) => e.into(),
        }
    }
}

impl From<PositionTextError> for ApiError {
    fn from(source: PositionTextError) -> ApiError {
        ApiError::Position { within: None, source }
    }
}

impl From<RuleError> for ApiError {
    fn from(e: RuleError) -> ApiError {
        ApiError::Option(e.to_string())
    }
}

/// Thrown as an `Error` with the kind as its `name` (wasm-bindgen's
/// `JsError` has no name of its own, so the bindings return `JsValue`s).
impl From<ApiError> for JsValue {
    fn from(e: ApiError) -> JsValue {
        let error = js_sys::Error::new(&e.to_string());
        error.set_name(e.name());
        error.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Color, Game, IllegalReason, Position, PositionError, Variant};

    #[test]
    fn a_syntax_error_is_not_called_illegal() {
        let game = Game::new(Variant::Nine.rules());
        let err = game
            .position()
            .parse_move("z9")
            .map(|_| ())
            .map_err(ApiError::from);
        let Err(err) = err else {
            return assert!(err.is_err());
        };
        assert_eq!(err.name(), "MoveSyntaxError");
        assert!(!err.to_string().contains("illegal"), "{err}");
        assert!(err.to_string().starts_with("`z9` is not a move"), "{err}");
    }

    #[test]
    fn each_core_error_keeps_its_message_under_its_kind() {
        let mut game = Game::new(Variant::Nine.rules());
        let illegal = game
            .play_text("a1")
            .and_then(|_| game.play_text("a1"))
            .map_err(ApiError::from)
            .err();
        assert_eq!(
            illegal.as_ref().map(|e| (e.name(), e.to_string())),
            Some((
                "IllegalMoveError",
                "illegal move `a1`: a1 is not empty".to_string()
            ))
        );
        let listed = illegal.map(|e| e.within("move 2 of the list").to_string());
        assert_eq!(
            listed.as_deref(),
            Some("move 2 of the list: illegal move `a1`: a1 is not empty")
        );
        let position = "nonsense".parse::<Position>().map_err(ApiError::from).err();
        assert_eq!(position.as_ref().map(ApiError::name), Some("PositionError"));
        let record = Game::from_record("1. d6 d6").map_err(ApiError::from).err();
        assert_eq!(record.as_ref().map(ApiError::name), Some("RecordError"));
        let over = game.resign(Color::Dark).and_then(|_| game.agree_draw());
        assert_eq!(
            over.map_err(|e| ApiError::from(e).name()).err(),
            Some("GameOverError")
        );
    }

    #[test]
    fn each_kind_has_its_own_name_and_the_types_list_them_all() {
        let mut game = Game::new(Variant::Three.rules());
        let over = game.resign(Color::Light).and_then(|_| game.resign(Color::Dark));
        let Err(over) = over else {
            return assert!(over.is_err());
        };
        #[allow(unused_mut)] // the errors of web tables only with feature `remote`
        let mut one_of_each = vec![
            ApiError::from(ParseMoveError {
                token: "z9".into(),
                problem: "it is not one",
            }),
            ApiError::from(IllegalMoveError {
                text: "d6".into(),
                reason: IllegalReason::NotLegal,
            }),
            ApiError::from(PositionTextError::Invalid(PositionError::SharedPoint)),
            ApiError::from(RecordError::TooLong),
            ApiError::Option(String::new()),
            ApiError::Argument(String::new()),
            ApiError::from(TableFileError::Truncated),
            ApiError::from(NetError::Checksum),
            ApiError::from(over),
            ApiError::State("the board was destroyed"),
            ApiError::Memory(String::new()),
        ];
        #[cfg(feature = "remote")]
        one_of_each.extend(remote_errors());
        let names: Vec<&str> = one_of_each.iter().map(ApiError::name).collect();
        assert_eq!(names, ApiError::NAMES[..names.len()]);

        let types = include_str!("types.d.ts");
        let union = types
            .split("export type MorrisErrorName =")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .unwrap_or_default();
        let declared: Vec<&str> = union
            .split('|')
            .map(|n| n.trim().trim_matches('"'))
            .filter(|n| !n.is_empty())
            .collect();
        assert_eq!(declared, ApiError::NAMES);
    }

    /// Web tables' errors: one that needs the network, one of the host.
    #[cfg(feature = "remote")]
    fn remote_errors() -> [ApiError; 2] {
        use morris_solver::web::remote::RemoteError;
        [
            ApiError::from(RemoteError::Offline {
                url: "http://host/nine-9v9-0.wdlb".into(),
                why: "offline".into(),
            }),
            ApiError::from(RemoteError::NoRanges {
                url: "http://host/nine-9v9-0.wdlb".into(),
                status: 200,
            }),
        ]
    }

    #[cfg(feature = "remote")]
    #[test]
    fn web_tables_errors_are_named_and_a_corrupt_block_is_a_table_files() {
        let names: Vec<&str> = remote_errors().iter().map(ApiError::name).collect();
        assert_eq!(names, ["NeedsNetworkError", "TablesHostError"]);
        let corrupt = ApiError::from(morris_solver::web::remote::RemoteError::Corrupt(
            morris_solver::web::WebTableError::BlockChecksum {
                class: "9v9".into(),
                block: 3,
            },
        ));
        assert_eq!(
            (corrupt.name(), corrupt.to_string().as_str()),
            (
                "TableFileError",
                "block 3 of 9v9 fails its checksum: it is corrupt"
            )
        );
    }
}

//! Exact values of positions: perfect indexing of the positions of a
//! piece-count class, the board's symmetries, and a retrograde solver for
//! the moving and flying phases, with a forward solver for the placing
//! phase on top of it.
//!
//! Tables hold one entry per class of positions the board's symmetries map
//! onto each other ([`SymIndexer`]; 16 symmetries on the mill boards, a
//! sixteenth of the positions), one byte an entry while the distances fit,
//! and are solved directly in that numbering. A table also answers for its
//! mirror, the class with light and dark exchanged ([`Tablebase::probe`]),
//! so Nine's endgames need the classes with at least as many light pieces
//! as dark ones. [`Indexer`] numbers every position; the solver runs on it
//! too ([`Tablebase::solve_unreduced`]), as the reference the reduced
//! tables are tested against.
//!
//! Values are from the side to move and count plies to the end of the game
//! under the history-free rules ([`morris_core::Position::terminal`]); the n-move,
//! endgame and repetition rules and Morabaraba's re-forming ban are not part
//! of the solved game, so a position nobody can force is a draw.
//!
//! The rules solved are those whose state the numbering holds: the §7
//! options of docs/RULES.md that add state the tables do not index are
//! refused with [`SolveError::Unsupported`] (`support`; the list is in
//! docs/tables.md).
//!
//! The modules, from the ground up: a position's [`Value`] and its codes
//! (`value`); numbering a class ([`Indexer`], `index`, with what both
//! numberings answer: [`Numbering`]), the board's symmetries
//! ([`Symmetries`], `symmetry`) and the numbering cut by them
//! ([`SymIndexer`], `reduced`); a solved class in memory ([`Table`],
//! `table`), or left in a flat file and checked as it is read
//! (`flat_entries`); the retrograde passes (`retro`, on a `space`: either
//! numbering); the solved classes of a rule set ([`Tablebase`],
//! `tablebase`) and the forward solve of the placing (`placing`); how far
//! a solve is, told to a watcher (`progress`); the table files (`file`: `header`, `packing`, `deflate`, `flat`), and a table kept as
//! win, draw or loss only, in deflated blocks (`wdl_entries`), and as
//! files read a block at a time by HTTP range requests ([`web`]).

mod block_cache;
mod error;
mod file;
mod flat_entries;
mod index;
mod placing;
mod progress;
pub mod puzzle;
mod reduced;
mod retro;
mod space;
mod support;
mod symmetry;
mod table;
mod tablebase;
mod threads;
mod value;
mod wdl_entries;
pub mod web;

pub use error::SolveError;
pub use file::{
    check, check_stream, open_flat, read, read_bounded, read_for, read_table_file, read_table_files,
    table_files, write, write_at_level, write_flat, write_wdl, DiskError, FileEntries, FlatError,
    TableFileError, BEST_LEVEL, DEFLATE_PIECE, FORMAT_VERSION, MAGIC, MAX_TABLE_FILE,
};
pub use flat_entries::{EntrySource, TableChanged};
pub use index::{Class, Indexer, Numbering};
pub use progress::{Progress, Silent, Stage};
pub use reduced::{LightPart, SymIndexer};
pub use support::{check_moving, check_placing};
pub use symmetry::{PlacingKey, Symmetries};
pub use table::{ClassCounts, FullTable, Table, Wdl};
pub use tablebase::Tablebase;
pub use value::{Value, FAR};
pub use wdl_entries::WDL_BLOCK;

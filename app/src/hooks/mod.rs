//! The app's custom hooks, one a file: each owns one of the page's
//! lasting concerns (a worker, a listener, a connection, saving) and
//! gives the app what it needs to render.

mod use_address;
mod use_analysis;
mod use_board_cursor;
mod use_board_look;
mod use_clock;
mod use_coach;
mod use_engine;
mod use_escape;
mod use_fields;
mod use_lang;
mod use_latest;
mod use_line_hold;
mod use_live;
mod use_live_room;
mod use_move_list_scroll;
mod use_notice_expiry;
mod use_perfect_shown;
mod use_puzzles;
mod use_review;
mod use_review_focus;
mod use_saving;
mod use_sealed;
mod use_sounds;
mod use_warm_up;
mod use_welcome;

pub use use_address::use_address;
pub use use_analysis::{
    show_board_top, thinking_toggle, use_analysis, use_keys_kept, use_shown_in_view, use_thinking, Analysed,
};
pub use use_board_cursor::use_board_cursor;
pub use use_board_look::use_board_look;
pub use use_clock::use_clock;
pub use use_coach::{use_coach, CoachChoice};
pub use use_engine::{use_engine, Perfect};
pub use use_escape::use_escape;
pub use use_fields::{use_fields, Fields, COPIED};
pub use use_lang::use_lang_telling;
pub use use_latest::use_latest;
pub use use_line_hold::{use_line_hold, LineHold};
pub use use_live::Live;
pub use use_live_room::use_live_room;
pub use use_move_list_scroll::use_move_list_scroll;
pub use use_notice_expiry::use_notice_expiry;
pub use use_perfect_shown::use_perfect_shown;
pub use use_puzzles::{use_exact_values, use_puzzles, Puzzles, Told, PUZZLE_VARIANTS};
pub use use_review::{use_review, ReviewHandle};
pub use use_review_focus::use_review_focus;
pub use use_saving::{use_saving, Recent, Saved};
pub use use_sounds::use_sounds;
pub use use_warm_up::use_warm_up;
pub use use_welcome::{use_welcome, Welcome};

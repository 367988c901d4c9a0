//! The page's parts, one a file. Each renders from the model (through
//! [`Ui`]) and sends actions; none holds game logic. The new-game dialog,
//! with its own state (the choices), is a function component; the others are view functions, which cost no component of
//! their own in the first load (about 1 KB gzip each).

mod analysis_lines;
mod analysis_moves;
mod analysis_paste;
mod analysis_steps;
mod analysis_table;
mod announce;
mod board_settings;
mod button;
mod clock;
mod clock_picker;
mod coach;
mod controls;
mod engine_notes;
mod game_board;
mod leave_room;
mod move_list;
mod move_rows;
mod new_game_dialog;
mod notice;
mod offers;
mod puzzle_solver;
mod puzzle_table;
mod recent_list;
mod record_panel;
mod review_graph;
mod review_panel;
mod room_bar;
mod room_list;
mod room_panel;
mod rules_card;
mod score_line;
mod seat;
mod status_line;
mod status_text;
mod top_bar;
mod ui;
mod welcome;

pub use analysis_table::AnalysisTable;
pub use announce::announce;
pub use board_settings::board_settings;
pub use clock_picker::clock_picker;
pub use coach::coach_tip;
pub use controls::controls;
pub use engine_notes::engine_notes;
pub use game_board::game_board;
pub use move_list::move_list;
pub use new_game_dialog::NewGameDialog;
pub use notice::notice_bar;
pub use offers::offers;
pub use puzzle_table::PuzzleTable;
pub use recent_list::recent_list;
pub use record_panel::record_panel;
pub use review_panel::review_panel;
pub use room_bar::room_bar;
pub use room_list::room_list;
pub use room_panel::{room_panel, RoomPanel};
pub use rules_card::{rules_button, rules_card};
pub use score_line::score_line;
pub use seat::seat;
pub use status_line::status_line;
pub use top_bar::{top_bar, TopBarProps};
pub use ui::Ui;
pub use welcome::{welcome, WelcomeProps};

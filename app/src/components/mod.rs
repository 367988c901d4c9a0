//! The page's parts, one component a file: each renders from the model
//! (and the language) and sends actions; none holds game logic.

mod announce;
mod button;
mod controls;
mod engine_notes;
mod game_board;
mod move_list;
mod new_game_dialog;
mod notice;
mod offers;
mod record_panel;
mod room_bar;
mod room_list;
mod room_panel;
mod seat;
mod status;
mod top_bar;

pub use announce::Announce;
pub use controls::Controls;
pub use engine_notes::EngineNotes;
pub use game_board::GameBoard;
pub use move_list::MoveList;
pub use new_game_dialog::NewGameDialog;
pub use notice::NoticeBar;
pub use offers::Offers;
pub use record_panel::RecordPanel;
pub use room_bar::RoomBar;
pub use room_list::RoomList;
pub use room_panel::RoomPanel;
pub use seat::Seat;
pub use status::StatusLine;
pub use top_bar::TopBar;

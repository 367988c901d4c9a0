//! The room's live module (see `mulino_app::run_live_room`): meets the
//! friend of the room on the page's table.

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::run_live_room();
}

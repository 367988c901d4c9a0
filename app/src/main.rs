//! The app's entry point: mounts the table on the page.

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::run();
}

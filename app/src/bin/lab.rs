//! The lab's module (see `mulino_app::lab`): mounts its root, which opens
//! the views the page asks for.

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::lab::run();
}

//! The computer opponent's web worker (see `mulino_app::engine`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::engine::run_worker();
}

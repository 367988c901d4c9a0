//! The computer opponent's web worker with the endgame tables (see
//! `mulino_app::engine` and `mulino_app::tablebase`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::engine::run_worker_with_tablebase(mulino_app::analysis::worker::Analysis::handler);
}

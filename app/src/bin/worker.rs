//! The computer opponent's web worker (see `mulino_app::engine`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        use gloo_worker::Registrable;
        mulino_app::engine::EngineWorker::registrar().register();
    }
}

//! The analysis board's worker of Nine's tables for range reads (see
//! `mulino_app::analysis::web_worker`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    mulino_app::analysis::web_worker::run();
}

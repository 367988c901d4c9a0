//! How many threads the solver and the table files' deflate use.

/// The most threads the first pass of a solve uses.
#[cfg(not(target_arch = "wasm32"))]
const MAX_SOLVE_THREADS: usize = 16;

/// How many threads a solve (and the writing of its file) uses: the
/// machine's cores, at most [`MAX_SOLVE_THREADS`]; one in WebAssembly,
/// which has no threads.
pub(crate) fn solve_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_SOLVE_THREADS);
    #[cfg(target_arch = "wasm32")]
    let threads = 1;
    threads
}

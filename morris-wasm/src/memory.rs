//! Memory asked for before it is taken: WebAssembly's memory is at most
//! 4 GB (often less in a browser), and an allocation that fails aborts the
//! module (`RuntimeError: unreachable`), which then cannot be used again.
//! The big allocations (an engine's transposition table, a table file)
//! first try to reserve what they need, so running out is an `Error`
//! named `MemoryError` and the module keeps working.

use crate::ApiError;

/// Fails with a `MemoryError` unless `bytes` (and a megabyte to spare)
/// can be had now; `what` names the allocation in the message.
pub fn ensure_free(bytes: usize, what: &str) -> Result<(), ApiError> {
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes.saturating_add(1 << 20))
        .map_err(|_| {
            ApiError::Memory(format!(
                "not enough memory for {what} ({} MB): free() objects no longer used, \
                 or ask for less",
                bytes.div_ceil(1 << 20)
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_size_is_an_error_and_a_small_one_is_not() {
        assert_eq!(ensure_free(1 << 20, "a test"), Ok(()));
        let err = ensure_free(usize::MAX - (1 << 10), "a test").err();
        assert_eq!(err.as_ref().map(ApiError::name), Some("MemoryError"));
        assert!(err.is_some_and(|e| e.to_string().starts_with("not enough memory for a test")));
    }
}

//! Table files: `read`, `check` and `open_flat` never panic on any bytes;
//! a file that reads passes the check, and writes back to a file that
//! reads to the same values.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use morris_solver::EntrySource;

/// The fuzz input as the disk a flat table reads from.
#[derive(Debug)]
struct Disk(Vec<u8>);

impl EntrySource for Disk {
    fn byte_at(&self, offset: u64) -> Option<u8> {
        self.0.get(usize::try_from(offset).ok()?).copied()
    }
}

fuzz_target!(|data: &[u8]| {
    let checked = morris_solver::check(data);
    if let Ok(table) = morris_solver::read(data) {
        let found = checked.expect("a file that reads passes the check");
        assert_eq!(found, (*table.indexer().rules(), table.class()));
        let again = morris_solver::read(&morris_solver::write(&table)).expect("a written table reads");
        assert_eq!(again.len(), table.len());
        for i in (0..table.len() as u64).step_by(97) {
            assert_eq!(again.value(i), table.value(i));
        }
    }
    let disk = Arc::new(Disk(data.to_vec()));
    if let Ok(table) = morris_solver::open_flat(data, data.len() as u64, disk) {
        let _ = morris_solver::check_stream(&mut &data[..], data.len() as u64);
        for i in (0..table.len() as u64).step_by(97) {
            let _ = table.value(i);
        }
    }
});

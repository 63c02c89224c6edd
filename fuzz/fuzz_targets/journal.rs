//! `journal`: arbitrary bytes → `JournalEntry` / `ExecutionRecord` / a list of entries written
//! into a paused run's journal, then approved. Invariants in `codemode_fuzz::run_journal`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let data = data.to_vec();
    codemode_fuzz::on_big_stack(move || codemode_fuzz::run_journal(&data));
});

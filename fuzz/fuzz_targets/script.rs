//! `script`: arbitrary bytes → UTF-8 (lossy) source → `Runtime::execute`, approving while the run
//! pauses. Invariants in `codemode_fuzz::run_script`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let code = String::from_utf8_lossy(data).into_owned();
    codemode_fuzz::on_big_stack(move || codemode_fuzz::run_script(&code));
});

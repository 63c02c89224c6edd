//! Computes the sandbox fingerprint: a hash of everything that decides how a script replays —
//! the boa_engine version locked in Cargo.lock and its features, the sandbox prelude and host hooks, and a
//! determinism version bumped by hand when replay semantics change.

use std::fs;

/// Bump when the run loop's replay semantics change.
const DETERMINISM_VERSION: &str = "2";

fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn boa_version(lock: &str) -> String {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"boa_engine\"" {
            if let Some(version) = lines.next() {
                return version.trim().trim_start_matches("version = ").trim_matches('"').to_string();
            }
        }
    }
    "unknown".to_string()
}

fn main() {
    let inputs = [
        "src/sandbox/prelude.js",
        "src/sandbox/mod.rs",
        "src/sandbox/jobs.rs",
        "vendor/boa_engine/src/script.rs",
        "vendor/boa_engine/src/vm/opcode/await/mod.rs",
        "vendor/boa_engine/src/value/operations.rs",
        "vendor/boa_engine/src/vm/opcode/concat/mod.rs",
    ];
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let boa = boa_version(&lock);
    let mut hash = fnv1a(DETERMINISM_VERSION.as_bytes(), 0xcbf2_9ce4_8422_2325);
    hash = fnv1a(boa.as_bytes(), hash);
    // boa's features decide semantics too (`annex-b` adds built-ins and parsing rules).
    let manifest = fs::read_to_string("Cargo.toml").unwrap_or_default();
    let boa_dependency = manifest.lines().find(|line| line.starts_with("boa_engine =")).unwrap_or_default();
    hash = fnv1a(boa_dependency.as_bytes(), hash);
    println!("cargo:rerun-if-changed=Cargo.toml");
    for input in inputs {
        println!("cargo:rerun-if-changed={input}");
        hash = fnv1a(&fs::read(input).unwrap_or_default(), hash);
    }
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rustc-env=CODEMODE_FINGERPRINT=boa-{boa}-d{DETERMINISM_VERSION}-{hash:016x}");
}

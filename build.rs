//! Computes the sandbox fingerprint: what decides how a script replays — the boa_engine version
//! locked in Cargo.lock and its features, the sandbox prelude, and a semantics version bumped by hand. Not the bytes
//! of Rust files: a comment edited there changes nothing a script sees. (The runtime adds the
//! limits that decide where a pass ends: `Runtime::fingerprint`.)

use std::fs;

/// Bump by hand when what a script computes can change: a new or changed global, a fixed built-in
/// in the vendored engine, new host hooks, or other replay semantics of the run loop.
const SEMANTICS_VERSION: &str = "5";

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
    let inputs = ["src/sandbox/prelude.js", "src/sandbox/intl.js"];
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let boa = boa_version(&lock);
    let mut hash = fnv1a(SEMANTICS_VERSION.as_bytes(), 0xcbf2_9ce4_8422_2325);
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
    println!("cargo:rustc-env=CODEMODE_FINGERPRINT=boa-{boa}-s{SEMANTICS_VERSION}-{hash:016x}");
}

//! Computes the sandbox fingerprint: what decides how a script replays — the boa_engine version
//! locked in Cargo.lock and its features, the sources of the vendored fork (boa_engine, boa_ast,
//! boa_string, regress: a patch there can change what a script computes, bumped or not), the sandbox prelude,
//! and a semantics version bumped by hand for changes in this crate's own Rust that scripts can
//! see. (The runtime adds the limits that decide where a pass ends: `Runtime::fingerprint`.) A
//! changed fingerprint costs little: paused runs of the older build are verified by replay.

use std::fs;
use std::path::{Path, PathBuf};

/// The vendored fork's sources, hashed into the fingerprint.
const VENDORED: [&str; 4] = [
    "vendor/boa_engine/src",
    "vendor/boa_ast/src",
    "vendor/boa_string/src",
    "vendor/regress/src",
];

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Bump by hand when what a script computes can change: a new or changed global, a fixed built-in
/// in the vendored engine, new host hooks, or other replay semantics of the run loop.
const SEMANTICS_VERSION: &str = "18";

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
                return version
                    .trim()
                    .trim_start_matches("version = ")
                    .trim_matches('"')
                    .to_string();
            }
        }
    }
    "unknown".to_string()
}

/// Set (to anything) for the upgrade test's second build (`scripts/test.sh`,
/// `tests/integration/upgrade.test.mjs`): the sandbox a deploy that changes it would bring — one
/// more prelude global and another semantics version. Unset, it changes nothing.
const UPGRADE_PROBE_VAR: &str = "CODEMODE_UPGRADE_PROBE";

fn main() {
    let inputs = ["src/sandbox/prelude.js", "src/sandbox/intl.js"];
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let boa = boa_version(&lock);
    println!("cargo:rerun-if-env-changed={UPGRADE_PROBE_VAR}");
    let probe = std::env::var_os(UPGRADE_PROBE_VAR).is_some();
    // Put before the prelude's first line (a comment), so no line number moves.
    let prelude_prefix = if probe {
        "globalThis.upgradeProbe = 1; "
    } else {
        ""
    };
    println!("cargo:rustc-env=CODEMODE_PRELUDE_PREFIX={prelude_prefix}");
    let semantics = if probe {
        format!("{SEMANTICS_VERSION}p")
    } else {
        SEMANTICS_VERSION.to_string()
    };
    let mut hash = fnv1a(semantics.as_bytes(), 0xcbf2_9ce4_8422_2325);
    hash = fnv1a(prelude_prefix.as_bytes(), hash);
    hash = fnv1a(boa.as_bytes(), hash);
    // boa's features decide semantics too (`annex-b` adds built-ins and parsing rules).
    let manifest = fs::read_to_string("Cargo.toml").unwrap_or_default();
    let boa_dependency = manifest
        .lines()
        .find(|line| line.starts_with("boa_engine ="))
        .unwrap_or_default();
    hash = fnv1a(boa_dependency.as_bytes(), hash);
    println!("cargo:rerun-if-changed=Cargo.toml");
    for input in inputs {
        println!("cargo:rerun-if-changed={input}");
        hash = fnv1a(&fs::read(input).unwrap_or_default(), hash);
    }
    for dir in VENDORED {
        println!("cargo:rerun-if-changed={dir}");
        let mut files = Vec::new();
        rust_files(Path::new(dir), &mut files);
        files.sort();
        for file in files {
            hash = fnv1a(file.to_string_lossy().as_bytes(), hash);
            hash = fnv1a(&fs::read(&file).unwrap_or_default(), hash);
        }
    }
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rustc-env=CODEMODE_FINGERPRINT=boa-{boa}-s{semantics}-{hash:016x}");
}

//! Where test262's files come from: the archive checked in beside this file, extracted once
//! under the target directory and reused by every later run (nothing is fetched at run time).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The tc39/test262 commit the archive holds (tests/test262/README.md says how to move it).
pub const COMMIT: &str = "be13516fb6441b950ba8a3df97eb34062c186972";

/// Written last into an extracted tree: a tree without it is a partial extraction.
const MARKER: &str = ".extracted";

/// The directory that holds the archive and the runner's lists (skipped features, expected
/// failures, the CI subset): this crate's `tests/test262`, or `TEST262_HOME` (the upstream
/// comparison runs this runner from another crate).
pub fn home() -> PathBuf {
    match std::env::var_os("TEST262_HOME") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/test262"),
    }
}

/// The extracted tree (`harness/`, `test/`), extracting the archive first if no complete
/// extraction is there: `<target>/test262/<commit>`, where `<target>` is `CARGO_TARGET_DIR` if
/// set, else this crate's `target/` (`TEST262_WORK` replaces `<target>/test262`).
///
/// # Errors
/// The archive is missing or `tar` fails.
pub fn tree() -> Result<PathBuf, String> {
    let root = work_dir().join(&COMMIT[..8]);
    if root.join(MARKER).exists() {
        return Ok(root);
    }
    extract(&root)?;
    Ok(root)
}

fn work_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TEST262_WORK") {
        return PathBuf::from(dir);
    }
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("target"),
    };
    target.join("test262")
}

/// Extracts into a directory of its own, then renames it into place: two runs extracting at
/// once (a debug and a release build) never see each other's half-written files.
fn extract(root: &Path) -> Result<(), String> {
    let archive = home().join(format!("test262-{}.tar.xz", &COMMIT[..8]));
    let partial = root.with_extension(format!("partial-{}", std::process::id()));
    eprintln!(
        "test262: extracting {} into {}",
        archive.display(),
        root.display()
    );
    let _ = std::fs::remove_dir_all(&partial);
    std::fs::create_dir_all(&partial).map_err(|e| format!("{}: {e}", partial.display()))?;
    let status = Command::new("tar")
        .arg("-xJf")
        .arg(&archive)
        .arg("-C")
        .arg(&partial)
        .status()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if !status.success() {
        return Err(format!("tar -xJf {} failed: {status}", archive.display()));
    }
    std::fs::write(partial.join(MARKER), COMMIT).map_err(|e| e.to_string())?;
    if root.join(MARKER).exists() {
        // Another run finished first: its tree is as good as ours.
        let _ = std::fs::remove_dir_all(&partial);
        return Ok(());
    }
    let _ = std::fs::remove_dir_all(root);
    std::fs::rename(&partial, root).map_err(|e| format!("{}: {e}", root.display()))
}

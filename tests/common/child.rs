//! Running a script in a child process, for scripts that may crash or hang the host: the test
//! binary runs itself again, filtered to one entry test that calls [`child_main`]. And
//! [`parallel_map`], to run many such children at once.

use codemode_runtime::model::ExecuteOutput;
use serde_json::{json, Value};

use super::fixture::Fixture;

/// The environment variable that carries the script to a child process.
pub const CHILD_CODE: &str = "CODEMODE_CHILD_CODE";
/// Address space a child may use (KiB): 4 GiB.
const CHILD_MEMORY_KIB: u64 = 4 * 1024 * 1024;
/// The line prefix a child prints its result JSON after.
const CHILD_MARK: &str = "CODEMODE_CHILD_RESULT ";

/// How a script run in a child process ended.
#[derive(Debug)]
pub enum Isolated {
    /// The child printed its result: `{"outputs": [ExecuteOutput...], "total", "effects", "notes"}`
    /// (`outputs` has the output of `execute`, then of each `approveExecution`).
    Finished(Value),
    /// The child died (a stack overflow, an abort, a panic): its exit status and the end of stderr.
    Crashed(String),
    /// The child did not finish in time and was killed.
    TimedOut(std::time::Duration),
}

impl Isolated {
    /// The last `ExecuteOutput` of a finished child.
    pub fn last_output(&self) -> Option<ExecuteOutput> {
        match self {
            Isolated::Finished(value) => value["outputs"]
                .as_array()
                .and_then(|outputs| outputs.last())
                .and_then(|o| serde_json::from_value(o.clone()).ok()),
            _ => None,
        }
    }

    /// A one-line description for failure messages.
    pub fn describe(&self) -> String {
        match self {
            Isolated::Finished(_) => match self.last_output() {
                Some(ExecuteOutput::Completed { result, .. }) => format!("completed with {result}"),
                Some(ExecuteOutput::Error { error, .. }) => {
                    format!("error {}: {}", error.code, error.message)
                }
                Some(ExecuteOutput::Paused { pending, .. }) => {
                    format!("paused on {} call(s)", pending.len())
                }
                Some(ExecuteOutput::Cancelled { .. }) => "cancelled".into(),
                Some(ExecuteOutput::Waiting { wake_at, .. }) => format!("waiting until {wake_at}"),
                None => "finished without an output".into(),
            },
            Isolated::Crashed(why) => format!("CRASHED the host process: {why}"),
            Isolated::TimedOut(after) => format!("HUNG: killed after {} s", after.as_secs()),
        }
    }
}

/// Runs `code` in a child process: this test binary again, filtered to its `entry` test (which
/// calls [`child_main`]), with `vars` in its environment. A crash or a hang is reported instead
/// of taking the whole suite down.
pub fn isolated(
    entry: &str,
    code: &str,
    vars: &[(&str, String)],
    timeout: std::time::Duration,
) -> Isolated {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().expect("test binary");
    // Under a cap on address space, so a script that allocates without bound makes the child
    // fail its allocation (a crash we report) instead of starving the machine.
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v {CHILD_MEMORY_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(exe)
        .args([entry, "--exact", "--nocapture", "--test-threads=1", "-q"])
        .env(CHILD_CODE, code)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in vars {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("spawn the child test process");
    // Drain the pipes on threads so a chatty child cannot block on a full pipe.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break Some(status);
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let out = out_thread.join().unwrap_or_default();
    let err = err_thread.join().unwrap_or_default();
    let Some(status) = status else {
        return Isolated::TimedOut(timeout);
    };
    let result = out
        .lines()
        .find_map(|line| line.strip_prefix(CHILD_MARK))
        .map(str::to_string);
    match (status.success(), result) {
        (true, Some(json)) => {
            Isolated::Finished(serde_json::from_str(&json).expect("child result JSON"))
        }
        _ => {
            // The lines that say why (a stack overflow, a failed allocation, a panic), else the end.
            let keys = [
                "overflow",
                "memory allocation",
                "panicked",
                "fatal",
                "abort",
            ];
            let mut why: Vec<&str> = err
                .lines()
                .filter(|l| keys.iter().any(|k| l.contains(k)))
                .take(3)
                .collect();
            if why.is_empty() {
                why = err
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .rev()
                    .take(3)
                    .collect();
            }
            Isolated::Crashed(format!("{status}; stderr: {}", why.join(" | ")))
        }
    }
}

/// The body of a child's entry test: runs the script from [`CHILD_CODE`] on `f` (a no-op in a
/// normal test run, where the variable is unset). While the run is paused and `approvals` is not
/// used up, it approves and goes on. Prints the outputs and the side effects for the parent.
pub fn child_main(f: impl FnOnce() -> Fixture, approvals: usize) {
    let Ok(code) = std::env::var(CHILD_CODE) else {
        return;
    };
    let f = f();
    let mut outputs = vec![f.execute(&code)];
    for _ in 0..approvals {
        let last = outputs.last().expect("an output");
        if !matches!(last, ExecuteOutput::Paused { .. }) {
            break;
        }
        let id = last.execution_id().to_string();
        outputs.push(f.approve(&id));
    }
    let notes: Vec<String> = codemode_runtime::notes::NoteStore::list_notes(&*f.store)
        .expect("notes")
        .into_iter()
        .map(|n| n.text)
        .collect();
    let result =
        json!({"outputs": outputs, "total": f.total(), "effects": f.effects(), "notes": notes});
    println!("{CHILD_MARK}{result}");
}

/// Runs `jobs` on up to `parallel` threads at once, keeping their order.
pub fn parallel_map<T: Send, R: Send>(
    items: Vec<T>,
    parallel: usize,
    job: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let queue = std::sync::Mutex::new(items.into_iter().enumerate().collect::<Vec<_>>());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..parallel.max(1) {
            scope.spawn(|| loop {
                let next = queue.lock().unwrap().pop();
                let Some((index, item)) = next else { break };
                let result = job(item);
                results.lock().unwrap().push((index, result));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, r)| r).collect()
}

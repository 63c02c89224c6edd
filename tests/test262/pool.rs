//! Runs the jobs on a few threads at once, each job on a thread of its own with a large stack,
//! inside `catch_unwind`: a panic is that job's failure, and a job over its time budget is
//! reported as failed and left behind (the instruction budget ends it later) so the run goes on.

use std::cell::RefCell;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::exec::Outcome;

/// Native stack of a job's thread: boa recurses natively (calls from built-ins, the parser on
/// deeply nested source) and a stack overflow would abort the whole run.
const STACK_BYTES: usize = 32 * 1024 * 1024;

thread_local! {
    /// Where the job's last panic happened (the payload carries only the message).
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// How the jobs run.
pub struct Settings {
    /// Jobs running at once.
    pub workers: usize,
    /// Wall-clock time a job may take before it counts as failed.
    pub budget: Duration,
}

/// What a job ended with and how long it took.
pub type Timed = (Outcome, Duration);

/// Runs `count` jobs (`job(i)` for each index) and returns their outcomes by index; `progress`
/// is told of each finished job.
pub fn run_all<F>(
    count: usize,
    settings: &Settings,
    job: F,
    mut progress: impl FnMut(usize),
) -> Vec<Timed>
where
    F: Fn(usize) -> Outcome + Send + Sync + 'static,
{
    silence_job_panics();
    let job = Arc::new(job);
    let (sender, receiver) = mpsc::channel();
    let mut outcomes: Vec<Option<Timed>> = (0..count).map(|_| None).collect();
    let mut running: HashMap<usize, Instant> = HashMap::new();
    let mut next = 0;
    let mut done = 0;
    while done < count {
        while running.len() < settings.workers && next < count {
            spawn(next, job.clone(), sender.clone());
            running.insert(next, Instant::now());
            next += 1;
        }
        for (index, timed) in wait(&receiver, &mut running, settings.budget) {
            if outcomes[index].is_none() {
                outcomes[index] = Some(timed);
                done += 1;
                progress(done);
            }
        }
    }
    outcomes
        .into_iter()
        .map(|o| o.unwrap_or((Ok(()), Duration::ZERO)))
        .collect()
}

/// Starts job `index` on a thread of its own; its outcome comes back on `sender`.
fn spawn<F>(index: usize, job: Arc<F>, sender: mpsc::Sender<(usize, Outcome)>)
where
    F: Fn(usize) -> Outcome + Send + Sync + 'static,
{
    let report = sender.clone();
    let started = thread::Builder::new()
        .name(format!("test262-{index}"))
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| job(index))).unwrap_or_else(|payload| {
                let at = PANIC_AT.with(|at| at.borrow().clone());
                Err(format!("panic: {} at {at}", panic_message(&*payload)))
            });
            let _ = sender.send((index, outcome));
        });
    if let Err(error) = started {
        let _ = report.send((index, Err(format!("cannot start a thread: {error}"))));
    }
}

/// Waits for the next outcome, or until the oldest running job is over budget: that one is
/// reported as failed (its thread keeps running until the engine's limits stop it).
fn wait(
    receiver: &mpsc::Receiver<(usize, Outcome)>,
    running: &mut HashMap<usize, Instant>,
    budget: Duration,
) -> Vec<(usize, Timed)> {
    let oldest = running.values().min().copied().unwrap_or_else(Instant::now);
    let left = (oldest + budget).saturating_duration_since(Instant::now());
    match receiver.recv_timeout(left) {
        Ok((index, outcome)) => {
            // A late outcome of a job already reported as timed out is dropped by the caller.
            let took = running
                .remove(&index)
                .map_or(budget, |started| started.elapsed());
            vec![(index, (outcome, took))]
        }
        Err(_) => {
            let over: Vec<usize> = running
                .iter()
                .filter(|(_, started)| started.elapsed() >= budget)
                .map(|(index, _)| *index)
                .collect();
            over.into_iter()
                .map(|index| {
                    running.remove(&index);
                    let why = format!("timed out after {} s", budget.as_secs());
                    (index, (Err(why), budget))
                })
                .collect()
        }
    }
}

/// The text of a panic's payload (`panic!` with a literal or a formatted message).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(no message)".to_string()
    }
}

/// A job's panic is reported as its failure (with the place the hook saw): the default hook's
/// message and backtrace on stderr for each would bury the report. Panics elsewhere still print.
fn silence_job_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let in_job = thread::current()
            .name()
            .is_some_and(|name| name.starts_with("test262-"));
        if !in_job {
            return default(info);
        }
        let at = info.location().map(ToString::to_string).unwrap_or_default();
        PANIC_AT.with(|slot| *slot.borrow_mut() = at);
    }));
}

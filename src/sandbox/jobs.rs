//! A job executor we control: promise, generic and async jobs run in FIFO order; timer jobs do
//! not exist in the sandbox and are dropped, so nothing can wait on host time. The only async jobs
//! are the engine's own (dynamic `import()`, answered at once by the idle module loader with a
//! rejection), so they are driven to completion on the spot.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use boa_engine::job::{Job, JobExecutor};
use boa_engine::{Context, JsResult};

#[derive(Default)]
pub(super) struct FifoJobs {
    queue: RefCell<VecDeque<Job>>,
}

impl JobExecutor for FifoJobs {
    fn enqueue_job(self: Rc<Self>, job: Job, _context: &mut Context) {
        if matches!(
            job,
            Job::PromiseJob(_) | Job::GenericJob(_) | Job::AsyncJob(_)
        ) {
            self.queue.borrow_mut().push_back(job);
        }
    }

    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        loop {
            // Never hold the borrow while a job runs: jobs enqueue more jobs.
            let next = self.queue.borrow_mut().pop_front();
            let Some(job) = next else { return Ok(()) };
            let result = match job {
                Job::PromiseJob(job) => job.call(context),
                Job::GenericJob(job) => job.call(context),
                Job::AsyncJob(job) => {
                    let cell = RefCell::new(&mut *context);
                    futures_lite::future::block_on(job.call(&cell))
                }
                _ => continue,
            };
            if let Err(error) = result {
                self.queue.borrow_mut().clear();
                return Err(error);
            }
        }
    }
}

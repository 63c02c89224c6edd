//! A job executor we control: promise jobs and generic jobs run in FIFO order; timers and async
//! host jobs do not exist in the sandbox and are dropped, so nothing can wait on host time.

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
        if matches!(job, Job::PromiseJob(_) | Job::GenericJob(_)) {
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
                _ => continue,
            };
            if let Err(error) = result {
                self.queue.borrow_mut().clear();
                return Err(error);
            }
        }
    }
}

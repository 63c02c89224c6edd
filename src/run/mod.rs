//! The run, as pure parts the service drives: no boa, no futures, no storage.
//!
//! - [`pass`]: one pass over a script as a synchronous state machine. The driver
//!   (`runtime::driver`) feeds it what the VM and the connectors did (events) and carries out what
//!   it asks for (effects): run the script's jobs, start calls, append to the journal, deliver an
//!   outcome, wait for a call, end.
//! - [`ledger`]: the journal's position and size in a pass, and the limits on what it may hold.
//! - [`calls`]: the pass's call list (`CallRecord`s) as the contract shows it.
//! - [`divergence`]: the ways a replay can differ from its journal, one error code.
//! - [`lifecycle`]: an execution's status transitions (begin a pass, approve, reject, expire,
//!   settle, roll back), the only places that write `status`.

pub mod calls;
pub mod divergence;
pub mod ledger;
pub mod lifecycle;
pub mod pass;

pub use calls::CallBook;
pub use divergence::Divergence;
pub use ledger::{Ledger, PassLimits};
pub use pass::{Effect, Finished, Pass, PassEnd, PassRules, Phase};

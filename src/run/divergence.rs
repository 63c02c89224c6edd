//! How a replay can differ from its journal. Each is a `REPLAY_DIVERGED` run error with one
//! wording: which call, what the journal holds, what the script did instead.

use crate::error::RunCode;
use crate::journal::JournalEntry;
use crate::model::ErrorInfo;
use crate::report::call_label;
use crate::script::CallRequest;

/// A replay that took another path than the one its journal recorded. Nothing executes after
/// it: the run fails with `REPLAY_DIVERGED`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Divergence {
    /// At a `seq` the journal holds, the script issued another call (connector, method or
    /// arguments differ).
    Different {
        seq: u32,
        recorded: String,
        issued: String,
    },
    /// The journal delivered `seq` next, and the script has not issued it.
    NotIssued { seq: u32, recorded: String },
    /// The script settled without issuing a call the journal recorded.
    Unreached { seq: u32, recorded: String },
    /// A call approved on its own terms is issued with other terms on replay.
    NotApproved { seq: u32, issued: String },
}

impl Divergence {
    pub fn different(entry: &JournalEntry, request: &CallRequest) -> Self {
        Divergence::Different {
            seq: entry.seq,
            recorded: entry_label(entry),
            issued: request_label(request),
        }
    }

    pub fn not_issued(entry: &JournalEntry) -> Self {
        Divergence::NotIssued {
            seq: entry.seq,
            recorded: entry_label(entry),
        }
    }

    pub fn unreached(entry: &JournalEntry) -> Self {
        Divergence::Unreached {
            seq: entry.seq,
            recorded: entry_label(entry),
        }
    }

    pub fn not_approved(request: &CallRequest) -> Self {
        Divergence::NotApproved {
            seq: request.seq,
            issued: request_label(request),
        }
    }

    /// The `seq` where the paths part.
    pub fn seq(&self) -> u32 {
        match self {
            Divergence::Different { seq, .. }
            | Divergence::NotIssued { seq, .. }
            | Divergence::Unreached { seq, .. }
            | Divergence::NotApproved { seq, .. } => *seq,
        }
    }
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "replay diverged at call #{}: ", self.seq())?;
        match self {
            Divergence::Different {
                recorded, issued, ..
            } => {
                write!(
                    f,
                    "the journal recorded {recorded} but the script now calls {issued}"
                )
            }
            Divergence::NotIssued { recorded, .. } => {
                write!(
                    f,
                    "the journal delivered {recorded} next, but the script has not issued it"
                )
            }
            Divergence::Unreached { recorded, .. } => {
                write!(
                    f,
                    "the script ended before issuing {recorded}, which the journal recorded"
                )
            }
            Divergence::NotApproved { issued, .. } => {
                write!(
                    f,
                    "the script now calls {issued}, which is not the action that was approved"
                )
            }
        }
    }
}

impl From<Divergence> for ErrorInfo {
    fn from(divergence: Divergence) -> Self {
        ErrorInfo::run(RunCode::ReplayDiverged, divergence.to_string())
    }
}

fn entry_label(entry: &JournalEntry) -> String {
    call_label(&entry.connector, &entry.method, &entry.args)
}

fn request_label(request: &CallRequest) -> String {
    call_label(&request.connector, &request.method, &request.args)
}

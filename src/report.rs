//! The report: the text a model reads about a run (contract, "Report"). Its output part is cut to
//! `max_output_tokens` (4 characters a token), keeping the head and the tail; the full text is
//! kept with the execution (`executionOutput`).

use serde_json::Value;

use crate::error::RunCode;
use crate::model::{CallRecord, CallState, ErrorInfo, PendingAction};
use crate::sandbox::Output;

/// Characters per token, for budgets.
pub const CHARS_PER_TOKEN: usize = 4;

/// How a run ended, for the report's first line and closing section.
pub enum Ending<'a> {
    Completed {
        result: Option<&'a Value>,
    },
    Failed {
        error: &'a ErrorInfo,
    },
    Paused {
        pending: &'a [PendingAction],
    },
    Rejected {
        seq: u32,
        decision: &'a crate::journal::Decision,
    },
    /// Cancelled by `decision`; `aborted` were running then.
    Cancelled {
        decision: &'a crate::journal::Decision,
        aborted: &'a [u32],
    },
    /// Suspended until a timer is due at `wake_at` (ms since the epoch), `now` being now.
    Waiting {
        wake_at: i64,
        now: i64,
    },
}

/// A rendered report.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub report: String,
    /// The output part before truncation.
    pub full_output: String,
    pub truncated: bool,
}

/// What goes into a report besides the ending.
pub struct ReportInput<'a> {
    pub execution_id: &'a str,
    pub wall_ms: i64,
    pub output: &'a Output,
    pub calls: &'a [CallRecord],
    pub max_output_tokens: usize,
    /// The most heap the run held, printed when it failed by memory.
    pub peak_heap_bytes: Option<u64>,
}

/// `connector.method(args)`, short enough for a report line.
pub fn call_label(connector: &str, method: &str, args: &Value) -> String {
    let mut args = args.to_string();
    if args.len() > 200 {
        let cut = floor_char_boundary(&args, 200);
        args.truncate(cut);
        args.push('…');
    }
    format!("{connector}.{method}({args})")
}

fn floor_char_boundary(text: &str, index: usize) -> usize {
    (0..=index.min(text.len()))
        .rev()
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(0)
}

fn ceil_char_boundary(text: &str, index: usize) -> usize {
    (index.min(text.len())..=text.len())
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(text.len())
}

/// Cuts `text` to `max_tokens`, keeping its head and tail with `…N tokens truncated…` between.
/// Returns the text and whether it was cut.
pub fn truncate(text: &str, max_tokens: usize) -> (String, bool) {
    let budget = max_tokens.saturating_mul(CHARS_PER_TOKEN);
    if text.len() <= budget {
        return (text.to_string(), false);
    }
    // Cut at line ends where the kept halves have one, so no line is shown half.
    let mut head_end = floor_char_boundary(text, budget / 2);
    if let Some(newline) = text[..head_end].rfind('\n') {
        head_end = newline + 1;
    }
    let mut tail_start = ceil_char_boundary(text, text.len() - budget / 2);
    if let Some(newline) = text[tail_start..].find('\n') {
        if tail_start + newline + 1 < text.len() {
            tail_start += newline + 1;
        }
    }
    let removed = tail_start - head_end;
    let tokens = removed.div_ceil(CHARS_PER_TOKEN);
    let head = text[..head_end].trim_end_matches('\n');
    (
        format!(
            "{head}\n…{tokens} tokens truncated…\n{}",
            &text[tail_start..]
        ),
        true,
    )
}

/// The output part: text items (the return value last), then the console lines.
fn output_text(ending: &Ending<'_>, output: &Output) -> String {
    let mut items: Vec<String> = output.texts.clone();
    if let Ending::Completed {
        result: Some(value),
    } = ending
    {
        items.push(match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    }
    let mut out = String::new();
    match items.len() {
        0 => {}
        1 => {
            out.push_str(&items[0]);
            out.push('\n');
        }
        n => {
            for (i, item) in items.iter().enumerate() {
                out.push_str(&format!("==> text {}/{} <==\n{}\n", i + 1, n, item));
            }
        }
    }
    let images = output.image_outputs();
    for (i, kept) in images.iter().enumerate() {
        let image = &kept.image;
        out.push_str(&format!(
            "image {}/{}: {} ({}, {}×{})\n",
            i + 1,
            images.len(),
            kept.url,
            image.mime_type,
            image.width,
            image.height
        ));
    }
    if !output.console.is_empty() {
        out.push_str("<console_output>\n");
        for line in &output.console {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("</console_output>\n");
    }
    out
}

/// Renders the report of one pass over a script.
pub fn render(ending: &Ending<'_>, input: &ReportInput<'_>) -> Rendered {
    let headline = match ending {
        Ending::Completed { .. } => "Script completed",
        Ending::Failed { .. } => "Script failed",
        Ending::Paused { .. } => "Script paused",
        Ending::Rejected { .. } => "Script rejected",
        Ending::Cancelled { .. } => "Script cancelled",
        Ending::Waiting { .. } => "Script waiting",
    };
    let mut out = format!(
        "{headline}\nWall time {:.1} seconds\nOutput:\n",
        input.wall_ms.max(0) as f64 / 1000.0
    );
    let full_output = output_text(ending, input.output);
    let (shown, truncated) = truncate(&full_output, input.max_output_tokens);
    out.push_str(&shown);
    if truncated {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!(
            "[Output over {} tokens was cut; the full text: executionOutput(\"{}\")]\n",
            input.max_output_tokens, input.execution_id
        ));
    }
    out.push_str(&closing(ending, input));
    Rendered {
        report: out,
        full_output,
        truncated,
    }
}

/// The section after the output that says what happened to the run.
fn closing(ending: &Ending<'_>, input: &ReportInput<'_>) -> String {
    let (calls, execution_id) = (input.calls, input.execution_id);
    let mut out = String::new();
    match ending {
        Ending::Completed { .. } => {}
        Ending::Failed { error } => {
            out.push_str(&format!(
                "Script error: [{}] {}\n",
                error.code, error.message
            ));
            if let (Some(RunCode::MemoryExceeded), Some(peak)) =
                (error.run_code(), input.peak_heap_bytes)
            {
                out.push_str(&format!("Peak heap: {}\n", crate::heap::mib(peak)));
            }
            let made: Vec<&CallRecord> = calls
                .iter()
                .filter(|c| matches!(c.state, CallState::Applied | CallState::Error))
                .collect();
            if made.is_empty() {
                out.push_str("No tool calls were made before the failure.\n");
            } else {
                out.push_str("Tool calls made before the failure (they are not undone):\n");
                for call in made {
                    let state = if call.state == CallState::Error {
                        " (failed)"
                    } else {
                        ""
                    };
                    out.push_str(&format!(
                        "- #{} {}{}\n",
                        call.seq,
                        call_label(&call.connector, &call.method, &call.args),
                        state
                    ));
                }
            }
        }
        Ending::Paused { pending } => {
            for action in *pending {
                out.push_str(&format!(
                    "Waiting for approval: #{} {} (execution {}).\n",
                    action.seq,
                    call_label(&action.connector, &action.method, &action.args),
                    action.execution_id
                ));
            }
            out.push_str(
                "Do not retry or re-run this action: a human must approve or reject it. \
                 When approved, the script resumes where it paused and the result is returned then.\n",
            );
        }
        Ending::Waiting { wake_at, now } => {
            out.push_str(&format!(
                "The script is waiting for a timer due at {} (in {:.1} seconds); the run resumes by itself then. \
                 Its result is not ready yet: read it later with execution(\"{execution_id}\"). Do not run it again.\n",
                iso_time(*wake_at),
                wake_at.saturating_sub(*now).max(0) as f64 / 1000.0
            ));
        }
        Ending::Cancelled { decision, aborted } => {
            out.push_str(&format!(
                "The run was cancelled {}. Calls that finished stay applied.\n",
                decision.by_why()
            ));
            for call in calls.iter().filter(|c| aborted.contains(&c.seq)) {
                out.push_str(&format!(
                    "- #{} {} was running when it was cancelled: its effect may have happened.\n",
                    call.seq,
                    call_label(&call.connector, &call.method, &call.args)
                ));
            }
            out.push_str("Do not run it again unless the user asks.\n");
        }
        Ending::Rejected { seq, decision } => {
            let label = calls
                .iter()
                .find(|c| c.seq == *seq)
                .map(|c| call_label(&c.connector, &c.method, &c.args))
                .unwrap_or_else(|| format!("call #{seq}"));
            out.push_str(&format!(
                "The action #{seq} {label} was rejected {}; the script was stopped there. \
                 Calls made before it stay applied. Do not retry it unless the user asks.\n",
                decision.by_why()
            ));
        }
    }
    out
}

/// `ms` since the epoch as an ISO 8601 UTC time (`2026-11-30T20:30:00.000Z`).
pub fn iso_time(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        in_day / 3_600_000,
        in_day / 60_000 % 60,
        in_day / 1000 % 60,
        in_day % 1000
    )
}

/// The line a rollback adds to a run's report.
pub fn rolled_back_line(reverted: u32, skipped: usize) -> String {
    format!("Rolled back: {reverted} call(s) reverted, {skipped} left as they were (no undo).\n")
}

//! The report: the text a model reads about a run (contract, "Report").

use serde_json::Value;

use crate::model::{CallRecord, CallState, ErrorInfo, PendingAction};
use crate::sandbox::Output;

/// How a run ended, for the report's first line and closing section.
pub enum Ending<'a> {
    Completed { result: Option<&'a Value> },
    Failed { error: &'a ErrorInfo },
    Paused { pending: &'a [PendingAction] },
    Rejected { seq: u32 },
}

/// `connector.method(args)`, short enough for a report line.
pub fn call_label(connector: &str, method: &str, args: &Value) -> String {
    let mut args = args.to_string();
    if args.len() > 200 {
        let cut = (0..=200).rev().find(|i| args.is_char_boundary(*i)).unwrap_or(0);
        args.truncate(cut);
        args.push('…');
    }
    format!("{connector}.{method}({args})")
}

/// Renders the report of one pass over a script.
pub fn render(ending: &Ending<'_>, wall_ms: i64, output: &Output, calls: &[CallRecord]) -> String {
    let headline = match ending {
        Ending::Completed { .. } => "Script completed",
        Ending::Failed { .. } => "Script failed",
        Ending::Paused { .. } => "Script paused",
        Ending::Rejected { .. } => "Script rejected",
    };
    let mut out = format!("{headline}\nWall time {:.1} seconds\n", wall_ms.max(0) as f64 / 1000.0);

    let mut items: Vec<String> = output.texts.clone();
    if let Ending::Completed { result: Some(value) } = ending {
        items.push(match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    }
    out.push_str("Output:\n");
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
    if !output.console.is_empty() {
        out.push_str("<console_output>\n");
        for line in &output.console {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("</console_output>\n");
    }

    match ending {
        Ending::Completed { .. } => {}
        Ending::Failed { error } => {
            out.push_str(&format!("Script error: [{}] {}\n", error.code, error.message));
            let made: Vec<&CallRecord> =
                calls.iter().filter(|c| matches!(c.state, CallState::Applied | CallState::Error)).collect();
            if made.is_empty() {
                out.push_str("No tool calls were made before the failure.\n");
            } else {
                out.push_str("Tool calls made before the failure (they are not undone):\n");
                for call in made {
                    let state = if call.state == CallState::Error { " (failed)" } else { "" };
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
        Ending::Rejected { seq } => {
            let label = calls
                .iter()
                .find(|c| c.seq == *seq)
                .map(|c| call_label(&c.connector, &c.method, &c.args))
                .unwrap_or_else(|| format!("call #{seq}"));
            out.push_str(&format!(
                "The action #{seq} {label} was rejected by a human; the script was stopped there. \
                 Calls made before it stay applied. Do not retry it unless the user asks.\n"
            ));
        }
    }
    out
}

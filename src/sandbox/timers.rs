//! Durable timers: `setTimeout`/`setInterval` set a timer through `host.timer`, which issues it
//! as a call of `codemode.setTimeout` (or `codemode.setInterval`) with argument `{delayMs}`. The
//! run loop fires it when it is due by journaling its (empty) outcome, like a call's, so a replay
//! fires the same timers in the same order at the same virtual times without waiting.

use boa_engine::object::builtins::JsPromise;
use boa_engine::object::ObjectInitializer;
use boa_engine::{js_string, Context, JsNativeError, JsResult, JsValue, NativeFunction};
use serde_json::json;

use crate::error::RunCode;
use crate::model::ErrorInfo;

use super::*;

pub(super) fn register(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(host_timer),
        js_string!("timer"),
        2,
    )
    .function(
        NativeFunction::from_fn_ptr(host_clear_timer),
        js_string!("clearTimer"),
        1,
    );
}

/// `host.timer(kind, delayMs)` → the promise the timer's firing resolves. The delay is a whole
/// number of ms ≥ 0 (the prelude converts it as browsers do). Past the limits the run ends with
/// `LIMIT_EXCEEDED` (see [`HostState::failure`]): a script cannot catch its way around them.
fn host_timer(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let kind = args.first().cloned().unwrap_or_default().to_u32(context)? as usize;
    let delay = args
        .get(1)
        .cloned()
        .unwrap_or_default()
        .to_number(context)?;
    let method = TIMER_METHODS.get(kind).copied().unwrap_or(TIMER_METHODS[0]);
    let host = shared_host(context)?;
    let mut host = host.borrow_mut();
    let limits = host.limits;
    let refusal = if host.timers_set >= limits.max_timers {
        Some(format!(
            "{method}: this run already set {} timers, the limit",
            limits.max_timers
        ))
    } else if delay > limits.max_timer_delay_ms as f64 {
        Some(format!(
            "{method}: a delay of {delay} ms is longer than the longest a run may wait, {} ms ({} days)",
            limits.max_timer_delay_ms,
            limits.max_timer_delay_ms / 86_400_000
        ))
    } else {
        None
    };
    if let Some(message) = refusal {
        host.failure
            .get_or_insert_with(|| ErrorInfo::run(RunCode::LimitExceeded, message.clone()));
        return Err(JsNativeError::range().with_message(message).into());
    }
    let delay = if delay.is_finite() && delay > 0.0 {
        delay.trunc() as i64
    } else {
        0
    };
    host.timers_set += 1;
    let seq = host.next_seq;
    host.next_seq += 1;
    let issued_at = host.clock.0.get();
    host.requests.push(CallRequest {
        seq,
        connector: TIMER_CONNECTOR.into(),
        method: method.into(),
        args: json!({ "delayMs": delay }),
        issued_at,
    });
    let (promise, waiter) = JsPromise::new_pending(context);
    host.waiters.insert(seq, waiter);
    Ok(JsValue::from(promise))
}

/// `host.clearTimer(seq)`: the timer of call `seq` will not fire (its promise never settles).
/// Clearing one that fired, or twice, does nothing.
fn host_clear_timer(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let seq = args.first().cloned().unwrap_or_default().to_u32(context)?;
    let host = shared_host(context)?;
    let mut host = host.borrow_mut();
    if host.waiters.remove(&seq).is_some() {
        host.cleared.push(seq);
    }
    Ok(JsValue::undefined())
}

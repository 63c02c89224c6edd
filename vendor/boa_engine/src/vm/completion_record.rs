//! An implementation of a `CompletionRecord` for Boa's VM.

#![allow(clippy::inline_always)]

use crate::{Context, JsError, JsResult, JsValue};
use boa_gc::{Finalize, Trace, custom_trace};
use std::ops::ControlFlow;

/// An implementation of the ECMAScript's `CompletionRecord` [specification] for
/// Boa's VM output Completion and Result.
///
/// [specification]: https://tc39.es/ecma262/#sec-completion-record-specification-type
#[derive(Debug, Clone, Finalize)]
pub(crate) enum CompletionRecord {
    Normal(JsValue),
    Return(JsValue),
    Throw(JsError),
}

// SAFETY: this matches all possible variants and traces
// their inner contents, which makes this safe.
unsafe impl Trace for CompletionRecord {
    custom_trace!(this, mark, {
        match this {
            Self::Normal(v) => mark(v),
            Self::Return(r) => mark(r),
            Self::Throw(th) => mark(th),
        }
    });
}

// ---- `CompletionRecord` methods ----
impl CompletionRecord {
    // codemode-runtime patch: its one caller (AsyncGenerator::resume) matches the record now.
    #[allow(dead_code)]
    pub(crate) const fn is_throw_completion(&self) -> bool {
        matches!(self, Self::Throw(_))
    }

    /// This function will consume the current `CompletionRecord` and return a `JsResult<JsValue>`
    // NOTE: rustc bug around evaluating destructors that prevents this from being a const function.
    // Related issue(s):
    //   - https://github.com/rust-lang/rust-clippy/issues/4041
    //   - https://github.com/rust-lang/rust/issues/60964
    //   - https://github.com/rust-lang/rust/issues/73255
    #[allow(clippy::missing_const_for_fn)]
    pub(crate) fn consume(self) -> JsResult<JsValue> {
        match self {
            Self::Throw(error) => Err(error),
            Self::Normal(value) | Self::Return(value) => Ok(value),
        }
    }
}

/// codemode-runtime patch: what an instruction's operation returns, as the dispatch loop reads it:
/// `Continue`, or `Break` with the completion record left in [`Vm::completion`](crate::vm::Vm)
/// for the loop to take. A handler then returns a flag in a register instead of writing a whole
/// `ControlFlow<CompletionRecord>` through memory, and the error path stays out of line.
pub(crate) trait IntoCompletionRecord {
    fn into_flow(self, context: &mut Context) -> ControlFlow<()>;
}

impl IntoCompletionRecord for () {
    #[inline(always)]
    fn into_flow(self, _: &mut Context) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl IntoCompletionRecord for JsError {
    #[inline(always)]
    fn into_flow(self, context: &mut Context) -> ControlFlow<()> {
        raise(context, self)
    }
}

impl IntoCompletionRecord for JsResult<()> {
    #[inline(always)]
    fn into_flow(self, context: &mut Context) -> ControlFlow<()> {
        match self {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => raise(context, err),
        }
    }
}

impl IntoCompletionRecord for ControlFlow<CompletionRecord> {
    #[inline(always)]
    fn into_flow(self, context: &mut Context) -> ControlFlow<()> {
        match self {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(record) => stash(context, record),
        }
    }
}

impl IntoCompletionRecord for ControlFlow<()> {
    /// An operation that handled its own error path (a hot handler whose slow path is out of
    /// line and returns what the loop reads).
    #[inline(always)]
    fn into_flow(self, _: &mut Context) -> ControlFlow<()> {
        self
    }
}

/// An error an instruction threw: handled (a `catch` takes it, or the frame unwinds).
#[cold]
#[inline(never)]
pub(crate) fn raise(context: &mut Context, err: JsError) -> ControlFlow<()> {
    match context.handle_error(err) {
        ControlFlow::Continue(()) => ControlFlow::Continue(()),
        ControlFlow::Break(record) => stash(context, record),
    }
}

/// The record that ends the run loop, left for it in [`Vm::completion`](crate::vm::Vm).
#[inline(never)]
fn stash(context: &mut Context, record: CompletionRecord) -> ControlFlow<()> {
    context.vm.completion = Some(record);
    ControlFlow::Break(())
}

//! Module defining the [`JsString`] `VTable` and kinds of strings.
use crate::iter::CodePointsIter;
use crate::{JsStr, JsString, JsStringKind};
use std::ptr::NonNull;

mod sequence;
pub(crate) use sequence::SequenceString;

pub(crate) mod slice;
pub(crate) use slice::SliceString;

pub(crate) mod append;

pub(crate) mod r#static;
pub use r#static::StaticString;

/// The functions and kind shared by every string of one kind: one static table per kind.
#[derive(Debug)]
pub(crate) struct JsStringFns {
    /// Clone the string, incrementing the refcount.
    pub clone: fn(NonNull<JsStringVTable>) -> JsString,
    /// Drop the string, decrementing the refcount and freeing if needed.
    pub drop: fn(NonNull<JsStringVTable>),
    /// Get the string as a `JsStr`. Although this is marked as `'static`, this is really
    /// of the lifetime of the string itself. This is conveyed by the [`JsString`] API
    /// itself rather than this vtable.
    pub as_str: fn(NonNull<JsStringVTable>) -> JsStr<'static>,
    /// Get an iterator of code points. This is the basic form of character access.
    /// Although this is marked as `'static`, this is really of the lifetime of the string
    /// itself. This is conveyed by the [`JsString`] API itself rather than this vtable.
    pub code_points: fn(NonNull<JsStringVTable>) -> CodePointsIter<'static>,
    /// Get the refcount, if applicable.
    pub refcount: fn(NonNull<JsStringVTable>) -> Option<usize>,
    /// Kind tag to identify the string type.
    pub kind: JsStringKind,
}

/// The header embedded as the first field of every string struct: its kind's table and its
/// length.
///
/// codemode-runtime patch: upstream embeds the whole table (five function pointers, the
/// length and the kind) in every string — 32 bytes of header on wasm32 before the
/// reference count, more than the characters of most strings a script builds. A pointer to
/// one static table per kind keeps the dispatch and makes the header 8 bytes (16 on 64-bit).
#[derive(Debug, Copy, Clone)]
#[repr(C)]
pub(crate) struct JsStringVTable {
    /// The functions and kind of this string's kind.
    pub fns: &'static JsStringFns,
    /// Get the length of the string. Since a string is immutable, this does not need
    /// to be a call, can be calculated at construction.
    pub len: usize,
}

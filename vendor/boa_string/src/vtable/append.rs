//! codemode-runtime patch: strings that a concatenation extends in place.
//!
//! Every concatenation copied both sides into a new block, so a loop appending to one string
//! (`s += piece`, the way scripts build a report or a CSV) was quadratic: 50,000 appends of 8
//! characters took 2.4 s natively and 250,000 ran for minutes, one instruction each, out of
//! reach of an instruction budget. V8 does it in milliseconds (ropes).
//!
//! A long concatenation's result is an [`AppendString`]: a view of the first `len` characters
//! of an [`AppendBlock`], a block written front to back. Characters before the block's written
//! length never change, so every view stays valid while later appends write past its end; only
//! the view whose length is the written length may append, so two views never write at the
//! same place. A block is never reallocated (views point into it): when it is full, the next
//! append copies into a new block with room to spare, so appends cost amortised O(1) each.
use crate::iter::CodePointsIter;
use crate::r#type::{InternalStringType, Latin1, Utf16};
use crate::vtable::{JsStringFns, JsStringVTable};
use crate::{JsStr, JsStrVariant, JsString, JsStringKind, alloc_overflow};
use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::cell::Cell;
use std::process::abort;
use std::ptr::{self, NonNull};
use std::rc::Rc;

/// Concatenations shorter than this make ordinary strings: copying them costs little.
pub(crate) const MIN_APPEND_LEN: usize = 1024;

/// The most room a new block keeps past what it is made with, in characters: room equal to
/// the length doubles the block (amortised O(1) appends) and this caps the waste of a long
/// string's block.
const MAX_SPARE: usize = 1 << 22;

/// A block of characters of one encoding, written front to back.
struct AppendBlock<T: AppendUnits> {
    data: NonNull<T::Byte>,
    capacity: usize,
    /// How many characters are written; they never change again.
    written: Cell<usize>,
}

impl<T: AppendUnits> AppendBlock<T> {
    fn layout(capacity: usize) -> Layout {
        Layout::array::<T::Byte>(capacity).unwrap_or_else(|_| alloc_overflow())
    }

    /// A block of `capacity` characters (at least one), none written.
    fn with_capacity(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        let layout = Self::layout(capacity);
        // SAFETY: the layout is not zero-sized (at least one character).
        let data = unsafe { alloc(layout) }.cast::<T::Byte>();
        let Some(data) = NonNull::new(data) else {
            handle_alloc_error(layout)
        };
        Self {
            data,
            capacity,
            written: Cell::new(0),
        }
    }

    fn room(&self) -> usize {
        self.capacity - self.written.get()
    }

    /// Writes `pieces` after the written characters. The caller has checked that they fit and
    /// that they are Latin-1 if this is a Latin-1 block.
    fn write(&self, pieces: &[JsStr<'_>]) {
        let mut at = self.written.get();
        for piece in pieces {
            debug_assert!(piece.len() <= self.capacity - at);
            // SAFETY: `[at, at + piece.len())` is inside the allocation (checked by the
            // caller) and past every view's end, so no `JsStr` reads it while it is written.
            unsafe {
                let to = self.data.as_ptr().add(at);
                T::write_units(piece, to);
            }
            at += piece.len();
        }
        self.written.set(at);
    }

    /// The first `len` characters, which are written.
    fn prefix(&self, len: usize) -> JsStr<'static> {
        debug_assert!(len <= self.written.get());
        // SAFETY: the first `written` characters are initialised and never change; the
        // `'static` lifetime is the view's, as for every `as_str` of the string kinds.
        T::str_ctor(unsafe { std::slice::from_raw_parts(self.data.as_ptr(), len) })
    }
}

impl<T: AppendUnits> Drop for AppendBlock<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `with_capacity` with this layout.
        unsafe { dealloc(self.data.as_ptr().cast(), Self::layout(self.capacity)) }
    }
}

/// The character types a block holds, and how a piece of either encoding is written to one.
pub(crate) trait AppendUnits: InternalStringType + Sized {
    /// The kind of the strings made over blocks of this type.
    const APPEND_KIND: JsStringKind;
    /// The table of the strings made over blocks of this type.
    const APPEND_FNS: &'static JsStringFns;

    /// Writes `piece` at `to`.
    ///
    /// # Safety
    /// `to` is valid for `piece.len()` writes, and `piece` is Latin-1 for a Latin-1 block.
    unsafe fn write_units(piece: &JsStr<'_>, to: *mut Self::Byte);
}

impl AppendUnits for Latin1 {
    const APPEND_KIND: JsStringKind = JsStringKind::Latin1Append;
    const APPEND_FNS: &'static JsStringFns = &AppendString::<Self>::FNS;

    unsafe fn write_units(piece: &JsStr<'_>, to: *mut u8) {
        match piece.variant() {
            // SAFETY: as the caller promises.
            JsStrVariant::Latin1(units) => unsafe {
                ptr::copy_nonoverlapping(units.as_ptr(), to, units.len());
            },
            JsStrVariant::Utf16(_) => unreachable!("a Latin-1 block is given Latin-1 pieces"),
        }
    }
}

impl AppendUnits for Utf16 {
    const APPEND_KIND: JsStringKind = JsStringKind::Utf16Append;
    const APPEND_FNS: &'static JsStringFns = &AppendString::<Self>::FNS;

    unsafe fn write_units(piece: &JsStr<'_>, to: *mut u16) {
        match piece.variant() {
            JsStrVariant::Latin1(units) => {
                for (i, &unit) in units.iter().enumerate() {
                    // SAFETY: as the caller promises.
                    unsafe { to.add(i).write(u16::from(unit)) };
                }
            }
            // SAFETY: as the caller promises.
            JsStrVariant::Utf16(units) => unsafe {
                ptr::copy_nonoverlapping(units.as_ptr(), to, units.len());
            },
        }
    }
}

/// The first `len` characters of a block.
#[repr(C)]
pub(crate) struct AppendString<T: AppendUnits> {
    /// Embedded `VTable` - must be the first field for vtable dispatch.
    vtable: JsStringVTable,
    refcount: Cell<usize>,
    block: Rc<AppendBlock<T>>,
}

impl<T: AppendUnits> AppendString<T> {
    const FNS: JsStringFns = JsStringFns {
        clone: append_clone::<T>,
        drop: append_drop::<T>,
        as_str: append_as_str::<T>,
        code_points: append_code_points::<T>,
        refcount: append_refcount::<T>,
        kind: T::APPEND_KIND,
    };

    fn view(block: Rc<AppendBlock<T>>, len: usize) -> JsString {
        let view = Box::new(Self {
            vtable: JsStringVTable {
                fns: T::APPEND_FNS,
                len,
            },
            refcount: Cell::new(1),
            block,
        });
        // SAFETY: the view begins with its table, as every string kind does.
        unsafe { JsString::from_ptr(NonNull::from(Box::leak(view)).cast()) }
    }

    /// `left` followed by `pieces`, written in place when `left` is the written part of its
    /// block and the rest fits.
    fn extend(left: &JsString, pieces: &[JsStr<'_>], added: usize) -> Option<JsString> {
        if left.kind() != T::APPEND_KIND {
            return None;
        }
        // SAFETY: the kind says `left` is an `AppendString<T>`.
        let this: &Self = unsafe { left.as_inner() };
        let block = &this.block;
        if block.written.get() != this.vtable.len || block.room() < added {
            return None;
        }
        block.write(pieces);
        Some(Self::view(block.clone(), this.vtable.len + added))
    }

    /// `strings` copied into a new block with `spare` characters of room after them.
    fn copy(strings: &[JsStr<'_>], len: usize, spare: usize) -> JsString {
        let capacity = len.checked_add(spare).unwrap_or_else(|| alloc_overflow());
        let block = AppendBlock::<T>::with_capacity(capacity);
        block.write(strings);
        Self::view(Rc::new(block), len)
    }
}

/// `left` followed by `pieces`. A long result is a view of a block, extended in place when
/// `left` is the whole written part of its block and there is room, or copied to a new block.
/// A new block has room to spare only when `left` is itself such a view (a string being
/// built), so a one-off concatenation takes no more memory than before.
pub(crate) fn concat(left: &JsString, pieces: &[JsStr<'_>]) -> Option<(JsString, usize)> {
    let mut added = 0usize;
    let mut latin1 = left.as_str().is_latin1();
    for piece in pieces {
        added = added.checked_add(piece.len())?;
        latin1 &= piece.is_latin1();
    }
    let len = left.len().checked_add(added)?;
    if len < MIN_APPEND_LEN {
        return None;
    }
    let extended = if latin1 {
        AppendString::<Latin1>::extend(left, pieces, added)
    } else {
        None
    }
    .or_else(|| AppendString::<Utf16>::extend(left, pieces, added));
    if let Some(string) = extended {
        return Some((string, added));
    }
    let growing = matches!(
        left.kind(),
        JsStringKind::Latin1Append | JsStringKind::Utf16Append
    );
    let spare = if growing { len.min(MAX_SPARE) } else { 0 };
    let mut all = Vec::with_capacity(pieces.len() + 1);
    all.push(left.as_str());
    all.extend_from_slice(pieces);
    let string = if latin1 {
        AppendString::<Latin1>::copy(&all, len, spare)
    } else {
        AppendString::<Utf16>::copy(&all, len, spare)
    };
    Some((string, len))
}

#[inline]
fn append_clone<T: AppendUnits>(vtable: NonNull<JsStringVTable>) -> JsString {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString<T> = unsafe { vtable.cast().as_ref() };
    let Some(strong) = this.refcount.get().checked_add(1) else {
        abort();
    };
    this.refcount.set(strong);
    // SAFETY: validated the string outside this function.
    unsafe { JsString::from_ptr(vtable) }
}

#[inline]
fn append_drop<T: AppendUnits>(vtable: NonNull<JsStringVTable>) {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString<T> = unsafe { vtable.cast().as_ref() };
    let Some(new) = this.refcount.get().checked_sub(1) else {
        abort();
    };
    this.refcount.set(new);
    if new != 0 {
        return;
    }
    // SAFETY: the last reference to a view made by `Box::leak` in `AppendString::view`.
    unsafe {
        drop(Box::from_raw(vtable.cast::<AppendString<T>>().as_ptr()));
    }
}

#[inline]
fn append_as_str<T: AppendUnits>(vtable: NonNull<JsStringVTable>) -> JsStr<'static> {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString<T> = unsafe { vtable.cast().as_ref() };
    this.block.prefix(this.vtable.len)
}

#[inline]
fn append_code_points<T: AppendUnits>(vtable: NonNull<JsStringVTable>) -> CodePointsIter<'static> {
    CodePointsIter::new(append_as_str::<T>(vtable))
}

#[inline]
#[allow(clippy::unnecessary_wraps)]
fn append_refcount<T: AppendUnits>(vtable: NonNull<JsStringVTable>) -> Option<usize> {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString<T> = unsafe { vtable.cast().as_ref() };
    Some(this.refcount.get())
}

use std::{
    any::TypeId,
    borrow::Cow,
    cell::Cell,
    collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque},
    fmt,
    hash::{BuildHasher, Hash},
    marker::PhantomData,
    num::{
        NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
        NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
    },
    path::{Path, PathBuf},
    rc::Rc,
    sync::atomic,
};

use boa_gc::{Ephemeron, Finalize, Gc, GcRefCell, Trace, WeakGc, WeakMap, empty_trace};

use super::internal_methods::{InternalObjectMethods, ORDINARY_INTERNAL_METHODS};

/// Represents a type that can be stored inside a `JsObject`.
///
/// This can be automatically derived using a macro.
///
/// # Example
///
/// ```
/// use boa_engine::{Finalize, JsData, JsObject, Trace};
///
/// #[derive(Trace, Finalize, JsData)]
/// struct CustomStruct {
///     #[unsafe_ignore_trace]
///     counter: usize,
/// }
///
/// let object =
///     JsObject::from_proto_and_data(None, CustomStruct { counter: 5 });
///
/// assert_eq!(object.downcast_ref::<CustomStruct>().unwrap().counter, 5);
/// ```
pub trait JsData {
    #[doc(hidden)]
    fn internal_methods(&self) -> &'static InternalObjectMethods
    where
        Self: Sized, // Avoids adding this method to `NativeObject`'s vtable.
    {
        &ORDINARY_INTERNAL_METHODS
    }
}

macro_rules! default_impls {
    ($($T:ty),*$(,)?) => {
        $(
            impl JsData for $T {}
        )*
    }
}

default_impls![
    (),
    bool,
    isize,
    usize,
    i8,
    u8,
    i16,
    u16,
    i32,
    u32,
    i64,
    u64,
    i128,
    u128,
    f32,
    // codemode-runtime patch: not `f64` (align 8 on wasm32); a Number object's data is
    // `Align4<f64>`, and without this impl a lookup of `f64` data does not compile.
    char,
    TypeId,
    String,
    Path,
    PathBuf,
    NonZeroIsize,
    NonZeroUsize,
    NonZeroI8,
    NonZeroU8,
    NonZeroI16,
    NonZeroU16,
    NonZeroI32,
    NonZeroU32,
    NonZeroI64,
    NonZeroU64,
    NonZeroI128,
    NonZeroU128,
];

#[cfg(target_has_atomic = "8")]
default_impls![atomic::AtomicBool, atomic::AtomicI8, atomic::AtomicU8];

#[cfg(target_has_atomic = "16")]
default_impls![atomic::AtomicI16, atomic::AtomicU16];

#[cfg(target_has_atomic = "32")]
default_impls![atomic::AtomicI32, atomic::AtomicU32];

#[cfg(target_has_atomic = "64")]
default_impls![atomic::AtomicI64, atomic::AtomicU64];

#[cfg(target_has_atomic = "ptr")]
default_impls![atomic::AtomicIsize, atomic::AtomicUsize];

impl<T, const N: usize> JsData for [T; N] {}

macro_rules! fn_one {
    ($ty:ty $(,$args:ident)*) => {
        impl<Ret $(,$args)*> JsData for $ty {}
    }
}

macro_rules! fn_impls {
    () => {
        fn_one!(extern "Rust" fn () -> Ret);
        fn_one!(extern "C" fn () -> Ret);
        fn_one!(unsafe extern "Rust" fn () -> Ret);
        fn_one!(unsafe extern "C" fn () -> Ret);
    };
    ($($args:ident),*) => {
        fn_one!(extern "Rust" fn ($($args),*) -> Ret, $($args),*);
        fn_one!(extern "C" fn ($($args),*) -> Ret, $($args),*);
        fn_one!(extern "C" fn ($($args),*, ...) -> Ret, $($args),*);
        fn_one!(unsafe extern "Rust" fn ($($args),*) -> Ret, $($args),*);
        fn_one!(unsafe extern "C" fn ($($args),*) -> Ret, $($args),*);
        fn_one!(unsafe extern "C" fn ($($args),*, ...) -> Ret, $($args),*);
    }
}

macro_rules! tuple_impls {
    () => {}; // This case is handled above, by default_impls!().
    ($($args:ident),*) => {
        impl<$($args),*> JsData for ($($args,)*) {}
    }
}

macro_rules! type_arg_tuple_based_impls {
    ($(($($args:ident),*);)*) => {
        $(
            fn_impls!($($args),*);
            tuple_impls!($($args),*);
        )*
    }
}

type_arg_tuple_based_impls![
    ();
    (A);
    (A, B);
    (A, B, C);
    (A, B, C, D);
    (A, B, C, D, E);
    (A, B, C, D, E, F);
    (A, B, C, D, E, F, G);
    (A, B, C, D, E, F, G, H);
    (A, B, C, D, E, F, G, H, I);
    (A, B, C, D, E, F, G, H, I, J);
    (A, B, C, D, E, F, G, H, I, J, K);
    (A, B, C, D, E, F, G, H, I, J, K, L);
];

impl<T: ?Sized> JsData for Box<T> {}

impl<T: ?Sized> JsData for Rc<T> {}

impl<T> JsData for Vec<T> {}

impl<T> JsData for thin_vec::ThinVec<T> {}

impl<T> JsData for Option<T> {}

impl<T, E> JsData for Result<T, E> {}

impl<T: Ord> JsData for BinaryHeap<T> {}

impl<K, V> JsData for BTreeMap<K, V> {}

impl<T> JsData for BTreeSet<T> {}

impl<K: Eq + Hash, V, S: BuildHasher> JsData for hashbrown::hash_map::HashMap<K, V, S> {}

impl<K: Eq + Hash, V, S: BuildHasher> JsData for HashMap<K, V, S> {}

impl<T: Eq + Hash, S: BuildHasher> JsData for HashSet<T, S> {}

impl<T: Eq + Hash> JsData for LinkedList<T> {}

impl<T> JsData for PhantomData<T> {}

impl<T> JsData for VecDeque<T> {}

impl<T: ToOwned + ?Sized> JsData for Cow<'static, T> {}

impl<T> JsData for Cell<Option<T>> {}

#[cfg(feature = "intl")]
default_impls!(icu_locale::Locale);

impl<T: Trace + ?Sized> JsData for Gc<T> {}

impl<T: Trace + ?Sized> JsData for WeakGc<T> {}

impl<T: Trace + ?Sized, V: Trace> JsData for Ephemeron<T, V> {}

impl<T: Trace + ?Sized> JsData for GcRefCell<T> {}

impl<K: Trace + ?Sized, V: Trace> JsData for WeakMap<K, V> {}

/// A `Copy` value stored with an alignment of at most 4 (codemode-runtime patch).
///
/// On wasm32 `u64` and `f64` align to 8, and object data may align to at most
/// [`OBJECT_DATA_ALIGN`] (4 there): the few object data types that hold such a number hold it in
/// this. Read it with [`Align4::get`], write it with [`Align4::set`] (no reference to the value
/// can be taken).
#[derive(Clone, Copy, Default)]
#[repr(C, packed(4))]
pub(crate) struct Align4<T: Copy>(T);

impl<T: Copy> Align4<T> {
    /// Wraps `value`.
    #[inline]
    pub(crate) const fn new(value: T) -> Self {
        Self(value)
    }

    /// The value.
    #[inline]
    pub(crate) const fn get(self) -> T {
        self.0
    }

    /// Replaces the value.
    #[inline]
    pub(crate) fn set(&mut self, value: T) {
        self.0 = value;
    }
}

impl<T: Copy + fmt::Debug> fmt::Debug for Align4<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

impl<T: Copy + PartialEq> PartialEq for Align4<T> {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl<T: Copy> Finalize for Align4<T> {}

// SAFETY: a `Copy` value holds no garbage-collected pointer to trace.
unsafe impl<T: Copy> Trace for Align4<T> {
    empty_trace!();
}

impl<T: Copy> JsData for Align4<T> {}

/// Wrapper type to enforce consistent alignment for all [`JsData`] types.
///
/// Ensures alignment is exactly [`OBJECT_DATA_ALIGN`] bytes (8, or 4 where pointers are 32 bits):
/// - Minimum alignment is set via `#[repr(align(N))]`.
/// - Maximum alignment is enforced at compile time with a const assertion.
///
/// codemode-runtime patch: upstream aligns to 8 everywhere. On wasm32 the object header before
/// the data is four-byte fields (its values, `JsValue`, are two words), so an alignment of 8 put
/// 4 bytes of padding at each of the three levels of nesting (the GC box, the object's table
/// and its borrow flag) and 3 more in the object: an ordinary object took 72 bytes where its
/// fields need 56.
///
/// Use [`ObjectData::new`] to construct safely. Inner data is accessible via [`AsRef`] and [`AsMut`].
#[derive(Debug, Finalize, Trace)]
// SAFETY: This does not implement drop, so this is safe.
#[boa_gc(unsafe_no_drop)]
#[cfg_attr(target_pointer_width = "32", repr(C, align(4)))]
#[cfg_attr(not(target_pointer_width = "32"), repr(C, align(8)))]
#[non_exhaustive]
pub(crate) struct ObjectData<T: ?Sized> {
    // MUST BE PRIVATE, should not be constructed directly. i.e. { data: ... }
    // Because we want to trigger the compile-time const assertion below.
    //
    // It is fine if we have as_ref/as_mut to it or any access.
    data: T,
}

impl<T: Default> Default for ObjectData<T> {
    #[inline]
    fn default() -> Self {
        Self::new(T::default())
    }
}

/// The alignment of every object's data (codemode-runtime patch: 4 where pointers are 32 bits).
pub(crate) const OBJECT_DATA_ALIGN: usize = if cfg!(target_pointer_width = "32") { 4 } else { 8 };

static_assertions::const_assert!(align_of::<Box<()>>() <= OBJECT_DATA_ALIGN);
static_assertions::const_assert!(align_of::<ObjectData<()>>() == OBJECT_DATA_ALIGN);

impl<T> ObjectData<T> {
    const OBJECT_DATA_ALIGNMENT_REQUIREMENT: () = assert!(
        align_of::<T>() <= OBJECT_DATA_ALIGN,
        "Alignment of JsData must be <= OBJECT_DATA_ALIGN (4 on wasm32), consider wrapping the data in a Box<T>, or its 64-bit numbers in `Align4`."
    );

    pub(crate) fn new(value: T) -> Self {
        // force assertion to trigger when we instantiate `ObjectData<T>::new`.
        let () = Self::OBJECT_DATA_ALIGNMENT_REQUIREMENT;

        Self { data: value }
    }
}

impl<T: ?Sized> AsRef<T> for ObjectData<T> {
    #[inline]
    fn as_ref(&self) -> &T {
        &self.data
    }
}

impl<T: ?Sized> AsMut<T> for ObjectData<T> {
    #[inline]
    fn as_mut(&mut self) -> &mut T {
        &mut self.data
    }
}

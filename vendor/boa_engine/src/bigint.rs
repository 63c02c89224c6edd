//! Boa's implementation of ECMAScript's bigint primitive type.

use crate::{Context, JsData, JsResult, JsString, builtins::Number, error::JsNativeError};
use boa_gc::{Finalize, Trace};
use num_bigint::Sign;
use num_integer::Integer;
use num_traits::{FromPrimitive, One, ToPrimitive, Zero, pow::Pow};
use std::{
    fmt::{self, Display},
    ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Rem, Shl, Shr, Sub},
    ptr::NonNull,
    rc::Rc,
};

/// The raw bigint type.
pub type RawBigInt = num_bigint::BigInt;

#[cfg(feature = "deser")]
use serde::{Deserialize, Serialize};

/// JavaScript bigint primitive rust type.
#[allow(
    clippy::unsafe_derive_deserialize,
    reason = "unsafe methods do not add invariants that need to be held"
)]
#[cfg_attr(feature = "deser", derive(Serialize, Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Trace, Finalize, JsData)]
// Safety: `JsBigInt` doesn't contain any traceable types.
#[boa_gc(unsafe_empty_trace)]
pub struct JsBigInt {
    inner: Rc<RawBigInt>,
}

impl JsBigInt {
    /// Create a new [`JsBigInt`].
    #[must_use]
    pub fn new<T: Into<Self>>(value: T) -> Self {
        value.into()
    }

    /// Create a [`JsBigInt`] with value `0`.
    #[inline]
    #[must_use]
    pub fn zero() -> Self {
        Self {
            inner: Rc::new(RawBigInt::zero()),
        }
    }

    /// Check if is zero.
    #[inline]
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.inner.is_zero()
    }

    /// Create a [`JsBigInt`] with value `1`.
    #[inline]
    #[must_use]
    pub fn one() -> Self {
        Self {
            inner: Rc::new(RawBigInt::one()),
        }
    }

    /// Check if is one.
    #[inline]
    #[must_use]
    pub fn is_one(&self) -> bool {
        self.inner.is_one()
    }

    /// Convert bigint to string with radix.
    #[inline]
    #[must_use]
    pub fn to_string_radix(&self, radix: u32) -> String {
        self.inner.to_str_radix(radix)
    }

    /// Converts the `BigInt` to a f64 type.
    ///
    /// Returns `f64::INFINITY` if the `BigInt` is too big.
    #[inline]
    #[must_use]
    pub fn to_f64(&self) -> f64 {
        self.inner.to_f64().unwrap_or(f64::INFINITY)
    }

    /// Converts the `BigInt` to a i128 type.
    ///
    /// Returns `i128::MAX` if the `BigInt` is too big.
    #[inline]
    #[must_use]
    pub fn to_i128(&self) -> i128 {
        self.inner.to_i128().unwrap_or(i128::MAX)
    }

    /// Converts a string to a `BigInt` with the specified radix.
    #[inline]
    #[must_use]
    pub fn from_string_radix(buf: &str, radix: u32) -> Option<Self> {
        Some(Self {
            inner: Rc::new(RawBigInt::parse_bytes(buf.as_bytes(), radix)?),
        })
    }

    /// Abstract operation `StringToBigInt ( str )`
    ///
    /// More information:
    /// - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-stringtobigint
    pub(crate) fn from_js_string(string: &JsString) -> Option<JsBigInt> {
        // 1. Let text be ! StringToCodePoints(str).
        // 2. Let literal be ParseText(text, StringIntegerLiteral).
        // 3. If literal is a List of errors, return undefined.
        // 4. Let mv be the MV of literal.
        // 5. Assert: mv is an integer.
        // 6. Return ℤ(mv).
        // codemode-runtime patch: trimmed as ECMAScript trims (Rust's `trim` keeps U+FEFF).
        JsBigInt::from_string(string.trim().to_std_string().ok().as_ref()?)
    }

    /// This function takes a string and converts it to `BigInt` type.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-stringtobigint
    #[inline]
    #[must_use]
    pub fn from_string(mut string: &str) -> Option<Self> {
        string = string.trim();

        if string.is_empty() {
            return Some(Self::zero());
        }

        let radix = radix_prefix(string);
        if radix.is_some() {
            string = &string[2..];
        }
        let radix = radix.unwrap_or(10);

        // codemode-runtime patch: `BigUint::parse_bytes` also reads `_` separators and a sign
        // after the prefix (`BigInt("1_000")` was 1000n, `BigInt("0x-1")` -1n). A
        // StringIntegerLiteral is digits of the radix, after one sign for decimals only.
        let digits = if radix == 10 {
            string.strip_prefix(['+', '-']).unwrap_or(string)
        } else {
            string
        };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }

        Self::from_string_radix(string, radix)
    }

    /// Checks for `SameValueZero` equality.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-numeric-types-bigint-equal
    #[inline]
    #[must_use]
    pub fn same_value_zero(x: &Self, y: &Self) -> bool {
        // Return BigInt::equal(x, y)
        Self::equal(x, y)
    }

    /// Checks for `SameValue` equality.
    ///
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-numeric-types-bigint-sameValue
    #[inline]
    #[must_use]
    pub fn same_value(x: &Self, y: &Self) -> bool {
        // Return BigInt::equal(x, y)
        Self::equal(x, y)
    }

    /// Checks for mathematical equality.
    ///
    /// The abstract operation `BigInt::equal` takes arguments x (a `BigInt`) and y (a `BigInt`).
    /// It returns `true` if x and y have the same mathematical integer value and false otherwise.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-numeric-types-bigint-sameValueZero
    #[inline]
    #[must_use]
    pub fn equal(x: &Self, y: &Self) -> bool {
        x == y
    }

    /// Returns `x` to the power `y`.
    #[inline]
    pub fn pow(x: &Self, y: &Self) -> JsResult<Self> {
        let y = y
            .inner
            .to_biguint()
            .ok_or_else(|| JsNativeError::range().with_message("BigInt negative exponent"))?;

        if pow_bits(x.inner.bits(), y.to_f64().unwrap_or(f64::INFINITY)) > POW_MAX_BITS {
            return Err(JsNativeError::range()
                .with_message("Maximum BigInt size exceeded")
                .into());
        }

        Ok(Self::new(x.inner.as_ref().clone().pow(y)))
    }

    /// Performs the `>>` operation.
    #[inline]
    pub fn shift_right(x: &Self, y: &Self) -> JsResult<Self> {
        match y.inner.to_i32() {
            Some(n) if n > 0 => Ok(Self::new(x.inner.as_ref().clone().shr(n as usize))),
            Some(n) => Ok(Self::new(x.inner.as_ref().clone().shl(n.unsigned_abs()))),
            // y doesn't fit in i32.
            //
            // Best-effort safeguard: while the spec doesn't explicitly mandate a
            // result for implementation-limited shift amounts, the mathematical
            // definition of BigInt right shift (`floor(x / 2^y)`) from
            // <https://tc39.es/ecma262/#sec-numeric-types-bigint-signedRightShift>
            // implies that for very large positive y the result converges to
            // 0n (x >= 0) or -1n (x < 0). V8 and SpiderMonkey agree.
            None => match (x.inner.sign(), y.inner.sign()) {
                // x >> (large positive): all bits are shifted out.
                (Sign::Minus, Sign::Plus) => Ok(Self::new(RawBigInt::from(-1))),
                (_, Sign::Plus) => Ok(Self::zero()),
                // x >> (large negative) is equivalent to x << (large positive), which overflows.
                (_, _) => Err(JsNativeError::range()
                    .with_message("Maximum BigInt size exceeded")
                    .into()),
            },
        }
    }

    /// Performs the `<<` operation.
    #[inline]
    pub fn shift_left(x: &Self, y: &Self) -> JsResult<Self> {
        match y.inner.to_i32() {
            Some(n) if n > 0 => Ok(Self::new(x.inner.as_ref().clone().shl(n as usize))),
            Some(n) => Ok(Self::new(x.inner.as_ref().clone().shr(n.unsigned_abs()))),
            // y doesn't fit in i32.
            //
            // Best-effort safeguard: symmetric to shift_right above.
            // See <https://tc39.es/ecma262/#sec-numeric-types-bigint-leftShift>.
            None => match (x.inner.sign(), y.inner.sign()) {
                // x << (large negative) is equivalent to x >> (large positive): all bits shifted out.
                (Sign::Minus, Sign::Minus) => Ok(Self::new(RawBigInt::from(-1))),
                (_, Sign::Minus) => Ok(Self::zero()),
                // x << (large positive) overflows.
                (_, _) => Err(JsNativeError::range()
                    .with_message("Maximum BigInt size exceeded")
                    .into()),
            },
        }
    }

    /// Floored integer modulo.
    ///
    /// # Examples
    /// ```
    /// # use num_integer::Integer;
    /// assert_eq!((8).mod_floor(&3), 2);
    /// assert_eq!((8).mod_floor(&-3), -1);
    /// ```
    #[inline]
    #[must_use]
    pub fn mod_floor(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.mod_floor(&y.inner))
    }

    /// Performs the `+` operation.
    #[inline]
    #[must_use]
    pub fn add(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().add(y.inner.as_ref()))
    }

    /// Performs the `-` operation.
    #[inline]
    #[must_use]
    pub fn sub(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().sub(y.inner.as_ref()))
    }

    /// Performs the `*` operation.
    #[inline]
    #[must_use]
    pub fn mul(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().mul(y.inner.as_ref()))
    }

    /// Performs the `/` operation.
    #[inline]
    #[must_use]
    pub fn div(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().div(y.inner.as_ref()))
    }

    /// Performs the `%` operation.
    #[inline]
    #[must_use]
    pub fn rem(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().rem(y.inner.as_ref()))
    }

    /// Performs the `&` operation.
    #[inline]
    #[must_use]
    pub fn bitand(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().bitand(y.inner.as_ref()))
    }

    /// Performs the `|` operation.
    #[inline]
    #[must_use]
    pub fn bitor(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().bitor(y.inner.as_ref()))
    }

    /// Performs the `^` operation.
    #[inline]
    #[must_use]
    pub fn bitxor(x: &Self, y: &Self) -> Self {
        Self::new(x.inner.as_ref().clone().bitxor(y.inner.as_ref()))
    }

    /// Performs the unary `-` operation.
    #[inline]
    #[must_use]
    pub fn neg(x: &Self) -> Self {
        Self::new(x.as_inner().neg())
    }

    /// Performs the unary `!` operation.
    #[inline]
    #[must_use]
    pub fn not(x: &Self) -> Self {
        Self::new(!x.as_inner())
    }

    /// Returns a reference to the raw inner value.
    #[inline]
    #[must_use]
    pub fn as_inner(&self) -> &RawBigInt {
        &self.inner
    }

    /// Consumes the [`JsBigInt`], returning a pointer to [`RawBigInt`].
    ///
    /// To avoid a memory leak the pointer must be converted back to a `JsBigInt` using
    /// [`JsBigInt::from_raw`].
    #[inline]
    #[must_use]
    #[allow(unused, reason = "only used in nan-boxed implementation of JsValue")]
    pub(crate) fn into_raw(self) -> NonNull<RawBigInt> {
        // SAFETY: `Rc::into_raw` must always return a non-null pointer.
        unsafe { NonNull::new_unchecked(Rc::into_raw(self.inner).cast_mut()) }
    }

    /// Constructs a `JsBigInt` from a pointer to [`RawBigInt`].
    ///
    /// The raw pointer must have been previously returned by a call to
    /// [`JsBigInt::into_raw`].
    ///
    /// # Safety
    ///
    /// This function is unsafe because improper use may lead to memory unsafety,
    /// even if the returned `JsBigInt` is never accessed.
    #[inline]
    #[must_use]
    #[allow(unused, reason = "only used in nan-boxed implementation of JsValue")]
    pub(crate) unsafe fn from_raw(ptr: *const RawBigInt) -> Self {
        Self {
            // SAFETY: the validity of `ptr` is guaranteed by the caller.
            inner: unsafe { Rc::from_raw(ptr) },
        }
    }
}

impl Display for JsBigInt {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.inner, f)
    }
}

impl From<RawBigInt> for JsBigInt {
    #[inline]
    fn from(value: RawBigInt) -> Self {
        Self {
            inner: Rc::new(value),
        }
    }
}

impl From<Box<RawBigInt>> for JsBigInt {
    #[inline]
    fn from(value: Box<RawBigInt>) -> Self {
        Self {
            inner: value.into(),
        }
    }
}

impl From<i8> for JsBigInt {
    #[inline]
    fn from(value: i8) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<u8> for JsBigInt {
    #[inline]
    fn from(value: u8) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<i16> for JsBigInt {
    #[inline]
    fn from(value: i16) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<u16> for JsBigInt {
    #[inline]
    fn from(value: u16) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<i32> for JsBigInt {
    #[inline]
    fn from(value: i32) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<u32> for JsBigInt {
    #[inline]
    fn from(value: u32) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<i64> for JsBigInt {
    #[inline]
    fn from(value: i64) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<u64> for JsBigInt {
    #[inline]
    fn from(value: u64) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<i128> for JsBigInt {
    #[inline]
    fn from(value: i128) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<u128> for JsBigInt {
    #[inline]
    fn from(value: u128) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<isize> for JsBigInt {
    #[inline]
    fn from(value: isize) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

impl From<usize> for JsBigInt {
    #[inline]
    fn from(value: usize) -> Self {
        Self {
            inner: Rc::new(RawBigInt::from(value)),
        }
    }
}

/// The error indicates that the conversion from [`f64`] to [`JsBigInt`] failed.
#[derive(Debug, Clone, Copy, Hash, PartialEq, Eq, PartialOrd, Ord)]
pub struct TryFromF64Error;

impl Display for TryFromF64Error {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Could not convert f64 value to a BigInt type")
    }
}

impl TryFrom<f64> for JsBigInt {
    type Error = TryFromF64Error;

    #[inline]
    fn try_from(n: f64) -> Result<Self, Self::Error> {
        // If the truncated version of the number is not the
        // same as the non-truncated version then the floating-point
        // number contains a fractional part.
        if !Number::equal(n.trunc(), n) {
            return Err(TryFromF64Error);
        }
        RawBigInt::from_f64(n).map_or(Err(TryFromF64Error), |bigint| Ok(Self::new(bigint)))
    }
}

impl PartialEq<i32> for JsBigInt {
    #[inline]
    fn eq(&self, other: &i32) -> bool {
        self.inner.as_ref() == &RawBigInt::from(*other)
    }
}

impl PartialEq<JsBigInt> for i32 {
    #[inline]
    fn eq(&self, other: &JsBigInt) -> bool {
        &RawBigInt::from(*self) == other.inner.as_ref()
    }
}

impl PartialEq<f64> for JsBigInt {
    #[inline]
    fn eq(&self, other: &f64) -> bool {
        other.fract().is_zero()
            && RawBigInt::from_f64(*other).is_some_and(|bigint| self.inner.as_ref() == &bigint)
    }
}

impl PartialEq<JsBigInt> for f64 {
    #[inline]
    fn eq(&self, other: &JsBigInt) -> bool {
        self.fract().is_zero()
            && RawBigInt::from_f64(*self).is_some_and(|bigint| other.inner.as_ref() == &bigint)
    }
}

/// codemode-runtime patch: the most bits a `BigInt` may have, V8's `BigInt::kMaxLengthBits`;
/// past it a shift or a product throws V8's `RangeError` "Maximum BigInt size exceeded".
pub(crate) const MAX_BITS: u64 = 1 << 30;

/// codemode-runtime patch: the estimated bits of a power past which `pow` throws
/// ([`pow_bits`], checked in [`JsBigInt::pow`]).
const POW_MAX_BITS: f64 = 1_000_000_000.0;

/// codemode-runtime patch: the estimate of the bits of `x ** y` for an `x` of `bits` bits
/// that `pow` is refused past, and the work of a power is charged by.
#[allow(clippy::cast_precision_loss)]
fn pow_bits(bits: u64, exponent: f64) -> f64 {
    (bits as f64 * exponent).floor() + 1.0
}

/// codemode-runtime patch: the radix a StringIntegerLiteral's prefix gives (`0x`, `0o`, `0b`,
/// in either case), if `string` starts with one.
fn radix_prefix(string: &str) -> Option<u32> {
    let prefix = string.get(..2)?;
    [("0x", 16), ("0o", 8), ("0b", 2)]
        .into_iter()
        .find(|(name, _)| prefix.eq_ignore_ascii_case(name))
        .map(|(_, radix)| radix)
}

/// codemode-runtime patch: results at least this large ask the heap bound for their room
/// first; smaller ones go by the per-instruction check.
const ASK_HEAP_BYTES: u64 = 1 << 16;

/// codemode-runtime patch: an operation on `BigInt`s, for [`JsBigInt::apply`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BigIntOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    ShiftLeft,
    ShiftRight,
}

/// codemode-runtime patch: what an operation on `BigInt`s takes, worked out from the sizes of
/// its operands before it runs: the bits of its result (for the heap bound, and V8's size
/// limit) and its work in instructions of the budget.
///
/// Why: `num-bigint` runs each operation natively, as one instruction, and its costs grow with
/// the operands: a product is about n^1.47 word operations (Toom-3), a quotient n·m
/// (schoolbook), a decimal string about n^1.5 and a parse of one n². So `String(1n <<
/// 40000000n)` took 21 s natively, `BigInt('9'.repeat(4e6))` 24 s, a quotient of two 10 MB
/// values 11 s: past the Workers runtime's 30 s of CPU in wasm. And `1n << 2147483647n`
/// allocated 256 MiB at once, before the heap bound could see it: twice an isolate's memory.
/// The costs below are in instructions of the budget (about 8 ns natively each), fitted to
/// measured times (`n`, `m`: 64-bit words of the larger and the smaller operand), within
/// about 2× of the time they take.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BigIntWork {
    result_bits: u64,
    instructions: u64,
}

impl BigIntWork {
    /// Work that reads and writes each word once (a sum, a bitwise operation, a shift).
    fn linear(result_bits: u64) -> Self {
        Self {
            result_bits,
            instructions: words(result_bits) / 8,
        }
    }

    /// A product of `n` and `m` words.
    fn product(n: u64, m: u64) -> u64 {
        let (n, m) = (n.max(m), n.min(m));
        if m <= 32 {
            // Schoolbook: n·m multiply-adds, four an instruction.
            n.saturating_mul(m) / 4
        } else {
            // Toom-3 on m-word chunks of the larger operand: 2·n·m^0.465.
            #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let instructions = (2.0 * n as f64 * (m as f64).powf(0.465)) as u64;
            instructions
        }
    }

    /// A quotient of `n` words by `m` words: (n − m + 1)·m word operations, 64 an instruction.
    fn quotient(n: u64, m: u64) -> u64 {
        (n.saturating_sub(m) + 1).saturating_mul(m) / 64 + n / 8
    }

    /// `op` on `x` and `y`.
    fn of(op: BigIntOp, x: &JsBigInt, y: &JsBigInt) -> Self {
        let (xb, yb) = (x.inner.bits(), y.inner.bits());
        match op {
            BigIntOp::Add | BigIntOp::Sub | BigIntOp::BitAnd | BigIntOp::BitOr | BigIntOp::BitXor => {
                Self::linear(xb.max(yb) + 1)
            }
            BigIntOp::ShiftRight | BigIntOp::ShiftLeft => {
                let by = y.inner.to_i64().unwrap_or(0);
                let left = if op == BigIntOp::ShiftLeft { by } else { by.saturating_neg() };
                let bits = if x.is_zero() {
                    0
                } else {
                    xb.saturating_add_signed(left.max(-(xb as i64)))
                };
                Self::linear(bits.max(xb))
            }
            BigIntOp::Mul => Self {
                result_bits: xb + yb,
                instructions: Self::product(words(xb), words(yb)),
            },
            BigIntOp::Div | BigIntOp::Rem => Self {
                result_bits: xb,
                instructions: Self::quotient(words(xb), words(yb)),
            },
            BigIntOp::Pow => {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let result_bits = pow_bits(xb, y.to_f64()).clamp(0.0, POW_MAX_BITS) as u64;
                // Squarings up to the result, the last of half its size: about six such products
                // (measured: `3n ** 8000000n`, 1.4 s natively).
                let half = words(result_bits) / 2;
                Self {
                    result_bits,
                    instructions: Self::product(half, half).saturating_mul(6) + words(result_bits) / 8,
                }
            }
        }
    }

    /// A string of `x`'s digits in `radix`.
    fn to_string(x: &JsBigInt, radix: u32) -> Self {
        let n = words(x.inner.bits());
        let instructions = if radix.is_power_of_two() {
            n / 2
        } else {
            // Divide and conquer by powers of the radix, about 6·n^1.5.
            #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let cost = (6.0 * (n as f64).powf(1.5)) as u64;
            cost
        };
        // A byte a digit (`ask` doubles it for the copy made while it is built).
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let digits = (x.inner.bits() as f64 / f64::from(radix).log2()).ceil() as u64;
        Self {
            result_bits: digits.saturating_mul(8),
            instructions,
        }
    }

    /// A value parsed from `digits` digits of `radix`.
    fn parse(digits: usize, radix: u32) -> Self {
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let bits = (digits as f64 * f64::from(radix).log2()).ceil() as u64;
        let n = words(bits);
        let instructions = if radix.is_power_of_two() {
            n / 2
        } else {
            // One multiply-add of the value so far for each group of digits: n²/12.
            n.saturating_mul(n) / 12 + n / 2
        };
        Self {
            result_bits: bits,
            instructions,
        }
    }

    /// Asks the heap bound for the result's room, then charges the work: both before the
    /// operation allocates or runs.
    fn ask(self, context: &mut Context) -> JsResult<()> {
        let bytes = self.result_bits / 8 * 2;
        if bytes >= ASK_HEAP_BYTES {
            context.check_heap_growth(usize::try_from(bytes).unwrap_or(usize::MAX))?;
        }
        context.charge_work(usize::try_from(self.instructions).unwrap_or(usize::MAX))
    }
}

/// 64-bit words of `bits` bits.
fn words(bits: u64) -> u64 {
    bits.div_ceil(64)
}

impl JsBigInt {
    /// codemode-runtime patch: `op` on `x` and `y`, after its result's room is asked of the
    /// heap bound and its work charged to the instruction budget (see [`BigIntWork`]). A shift
    /// or product past V8's size limit throws V8's `RangeError` first. The divisor of `Div` and
    /// `Rem` is not zero (the caller throws).
    pub(crate) fn apply(op: BigIntOp, x: &Self, y: &Self, context: &mut Context) -> JsResult<Self> {
        if op == BigIntOp::Pow {
            if let Some(small) = Self::pow_of_unit(x, y) {
                return Ok(small);
            }
            if pow_bits(x.inner.bits(), y.to_f64()) > POW_MAX_BITS {
                // `pow` throws its `RangeError` without allocating.
                return Self::pow(x, y);
            }
        }
        let work = BigIntWork::of(op, x, y);
        if work.result_bits > MAX_BITS && matches!(op, BigIntOp::ShiftLeft | BigIntOp::Mul) {
            return Err(JsNativeError::range()
                .with_message("Maximum BigInt size exceeded")
                .into());
        }
        work.ask(context)?;
        Ok(match op {
            BigIntOp::Add => Self::add(x, y),
            BigIntOp::Sub => Self::sub(x, y),
            BigIntOp::Mul => Self::mul(x, y),
            BigIntOp::Div => Self::div(x, y),
            BigIntOp::Rem => Self::rem(x, y),
            BigIntOp::Pow => Self::pow(x, y)?,
            BigIntOp::BitAnd => Self::bitand(x, y),
            BigIntOp::BitOr => Self::bitor(x, y),
            BigIntOp::BitXor => Self::bitxor(x, y),
            BigIntOp::ShiftLeft => Self::shift_left(x, y)?,
            BigIntOp::ShiftRight => Self::shift_right(x, y)?,
        })
    }

    /// `x ** y` when `x` is 0, 1 or −1 and `y` is not negative: a unit whatever the exponent
    /// (V8's answer for `1n ** 2n ** 40n`; `pow`'s size estimate threw a `RangeError`).
    fn pow_of_unit(x: &Self, y: &Self) -> Option<Self> {
        if y.inner.sign() == Sign::Minus || x.inner.magnitude() > &num_bigint::BigUint::one() {
            return None;
        }
        Some(if y.is_zero() {
            Self::one()
        } else if x.inner.sign() == Sign::Minus && y.inner.bit(0) {
            Self::new(RawBigInt::from(-1))
        } else {
            x.clone()
        })
    }

    /// codemode-runtime patch: charges a unary operation (`-x`, `~x`) on `self` to the budget.
    pub(crate) fn charge_unary(&self, context: &mut Context) -> JsResult<()> {
        BigIntWork::linear(self.inner.bits() + 1).ask(context)
    }

    /// codemode-runtime patch: `self`'s digits in `radix`, charged to the budget first.
    pub(crate) fn to_js_string(&self, radix: u32, context: &mut Context) -> JsResult<JsString> {
        BigIntWork::to_string(self, radix).ask(context)?;
        Ok(JsString::from(self.to_string_radix(radix)))
    }

    /// codemode-runtime patch: StringToBigInt of `string`, charged to the budget first (by its
    /// length: a decimal parse is quadratic).
    pub(crate) fn parse(string: &JsString, context: &mut Context) -> JsResult<Option<Self>> {
        let prefix = string.as_str().get(0..2).map(|prefix| prefix.to_std_string_lossy());
        let radix = prefix.as_deref().and_then(radix_prefix).unwrap_or(10);
        BigIntWork::parse(string.len(), radix).ask(context)?;
        Ok(Self::from_js_string(string))
    }
}

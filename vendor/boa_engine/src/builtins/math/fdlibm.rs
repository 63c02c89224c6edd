//! codemode-runtime patch: `Math` computed as V8 computes it, bit for bit where measured.
//!
//! V8 implements most of `Math` with its own port of fdlibm (`src/base/ieee754.cc`), so a
//! script's results there depend on fdlibm's algorithms, not on the platform's libm. Rust's `f64`
//! methods call the platform's libm: glibc natively (more accurate, so different in the last
//! bit), and on `wasm32-unknown-unknown` the `libm` crate (a port of musl and FreeBSD's msun,
//! mostly fdlibm). Measured on 2,000 random arguments per function against Node 20, the `libm`
//! crate matches V8 bit for bit far more often than glibc does for every function below except
//! `tanh`, `sinh`, `cosh`, `log10` and `cbrt`, where musl (and core-math for `cbrt`) use other
//! algorithms; those are written here after fdlibm's published algorithms, and `hypot` as V8's
//! builtin computes it (the largest magnitude scales every argument, the squares are summed with
//! Kahan compensation). Both natively and in wasm the results are now the same.
//!
//! Upstream: call these from `Math` instead of the `f64` methods.

#![allow(clippy::excessive_precision, clippy::unreadable_literal)]

pub(crate) use libm::{acos, acosh, asin, asinh, atan, atan2, atanh, cos, expm1, log, log1p, log2, pow, sin, tan};

/// exp, with V8's special case: `exp(1)` is exactly `Math.E` (`libm::exp(1.0)` is one ulp above),
/// so `Math.exp(1)`, `Math.cosh(1)` and `Math.sinh(1)` agree with V8.
pub(crate) fn exp(x: f64) -> f64 {
    if x == 1.0 {
        return std::f64::consts::E;
    }
    libm::exp(x)
}

fn high(x: f64) -> u32 {
    (x.to_bits() >> 32) as u32
}

fn low(x: f64) -> u32 {
    x.to_bits() as u32
}

fn from_words(high: u32, low: u32) -> f64 {
    f64::from_bits((u64::from(high) << 32) | u64::from(low))
}

fn with_high(x: f64, h: u32) -> f64 {
    from_words(h, low(x))
}

/// Where `exp(|x|)` overflows but `exp(|x|/2)²/2` does not.
const OVERFLOW_THRESHOLD: u64 = 0x4086_33ce_8fb9_f87d;

/// tanh: `1 - 2/(expm1(2|x|) + 2)` for 1 ≤ |x| < 22, `-t/(t + 2)` with `t = expm1(-2|x|)` below 1,
/// x itself below 2^-28 and ±1 from 22 on.
pub(crate) fn tanh(x: f64) -> f64 {
    let jx = high(x) as i32;
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return if jx >= 0 { 1.0 / x + 1.0 } else { 1.0 / x - 1.0 };
    }
    let z = if ix < 0x4036_0000 {
        if ix < 0x3e30_0000 {
            return x;
        }
        if ix >= 0x3ff0_0000 {
            let t = expm1(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = expm1(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0
    };
    if jx >= 0 { z } else { -z }
}

/// sinh: from `expm1(|x|)` below 22, `exp(|x|)/2` below ln(MAX), `exp(|x|/2)²/2` up to overflow.
pub(crate) fn sinh(x: f64) -> f64 {
    let jx = high(x) as i32;
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return x + x;
    }
    let h = if jx < 0 { -0.5 } else { 0.5 };
    if ix < 0x4036_0000 {
        if ix < 0x3e30_0000 {
            return x;
        }
        let t = expm1(x.abs());
        if ix < 0x3ff0_0000 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ix < 0x4086_2e42 {
        return h * exp(x.abs());
    }
    if x.abs().to_bits() <= OVERFLOW_THRESHOLD {
        let w = exp(0.5 * x.abs());
        return h * w * w;
    }
    x * f64::INFINITY
}

/// cosh: `1 + t²/(2(1 + t))` with `t = expm1(|x|)` below ln2/2, `(e + 1/e)/2` below 22, `e/2`
/// below ln(MAX), `exp(|x|/2)²/2` up to overflow.
pub(crate) fn cosh(x: f64) -> f64 {
    let ix = high(x) & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return x * x;
    }
    if ix < 0x3fd6_2e43 {
        let t = expm1(x.abs());
        let w = 1.0 + t;
        if ix < 0x3c80_0000 {
            return w;
        }
        return 1.0 + (t * t) / (w + w);
    }
    if ix < 0x4036_0000 {
        let t = exp(x.abs());
        return 0.5 * t + 0.5 / t;
    }
    if ix < 0x4086_2e42 {
        return 0.5 * exp(x.abs());
    }
    if x.abs().to_bits() <= OVERFLOW_THRESHOLD {
        let w = exp(0.5 * x.abs());
        return 0.5 * w * w;
    }
    f64::INFINITY
}

/// log10: with x = 2^k·m (m in [1, 2)), `k·log10(2) + log(m)/ln(10)`, log10(2) split in two parts.
pub(crate) fn log10(x: f64) -> f64 {
    const TWO54: f64 = 1.801_439_850_948_198_4e16;
    const IVLN10: f64 = 4.342_944_819_032_518_166_68e-1;
    const LOG10_2HI: f64 = 3.010_299_956_636_117_713_06e-1;
    const LOG10_2LO: f64 = 3.694_239_077_158_930_786_16e-13;
    let mut x = x;
    let mut hx = high(x) as i32;
    let mut k: i32 = 0;
    if hx < 0x0010_0000 {
        if ((hx & 0x7fff_ffff) as u32 | low(x)) == 0 {
            return f64::NEG_INFINITY;
        }
        if hx < 0 {
            return f64::NAN;
        }
        k -= 54;
        x *= TWO54;
        hx = high(x) as i32;
    }
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    let i = i32::from(k < 0);
    hx = (hx & 0x000f_ffff) | ((0x3ff - i) << 20);
    let y = f64::from(k + i);
    let x = with_high(x, hx as u32);
    let z = y * LOG10_2LO + IVLN10 * log(x);
    z + y * LOG10_2HI
}

/// cbrt: a first guess from the exponent bits, a polynomial step to 23 bits (rounded away from
/// zero so the next step's error is one-sided), one Newton step in double.
pub(crate) fn cbrt(x: f64) -> f64 {
    const B1: u32 = 715_094_163;
    const B2: u32 = 696_219_795;
    const P0: f64 = 1.875_951_824_271_770_096_43;
    const P1: f64 = -1.884_979_795_433_771_698_75;
    const P2: f64 = 1.621_429_720_105_354_466_140;
    const P3: f64 = -0.758_397_934_778_766_047_437;
    const P4: f64 = 0.145_996_192_886_612_446_982;
    let hx = high(x);
    let sign = hx & 0x8000_0000;
    let hx = hx & 0x7fff_ffff;
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    let mut t = if hx < 0x0010_0000 {
        if (hx | low(x)) == 0 {
            return x;
        }
        let t = x * from_words(0x4350_0000, 0);
        from_words(sign | ((high(t) & 0x7fff_ffff) / 3 + B2), 0)
    } else {
        from_words(sign | (hx / 3 + B1), 0)
    };
    let r = (t * t) * (t / x);
    t *= (P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4);
    t = f64::from_bits(t.to_bits().wrapping_add(0x8000_0000) & 0xffff_ffff_c000_0000);
    let s = t * t;
    let r = (x / s - t) / (t + t + x / s);
    t + t * r
}

/// hypot over any number of arguments, as V8 computes it.
pub(crate) fn hypot(values: &[f64]) -> f64 {
    let mut max = 0f64;
    let mut nan = false;
    for &v in values {
        if v.is_nan() {
            nan = true;
        } else if v.abs() > max {
            max = v.abs();
        }
    }
    if max == f64::INFINITY {
        return f64::INFINITY;
    }
    if nan {
        return f64::NAN;
    }
    if max == 0.0 {
        return 0.0;
    }
    let (mut sum, mut compensation) = (0f64, 0f64);
    for &v in values {
        let n = v.abs() / max;
        let summand = n * n - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    sum.sqrt() * max
}

/// The functions above as methods, so `Math`'s bodies keep their shape (`n.fd_sin()`).
pub(crate) trait Fdlibm {
    fn fd_acos(self) -> f64;
    fn fd_acosh(self) -> f64;
    fn fd_asin(self) -> f64;
    fn fd_asinh(self) -> f64;
    fn fd_atan(self) -> f64;
    fn fd_atanh(self) -> f64;
    fn fd_atan2(self, x: f64) -> f64;
    fn fd_cbrt(self) -> f64;
    fn fd_cos(self) -> f64;
    fn fd_cosh(self) -> f64;
    fn fd_exp(self) -> f64;
    fn fd_exp_m1(self) -> f64;
    fn fd_ln(self) -> f64;
    fn fd_ln_1p(self) -> f64;
    fn fd_log10(self) -> f64;
    fn fd_log2(self) -> f64;
    fn fd_sin(self) -> f64;
    fn fd_sinh(self) -> f64;
    fn fd_tan(self) -> f64;
    fn fd_tanh(self) -> f64;
}

impl Fdlibm for f64 {
    fn fd_acos(self) -> f64 { acos(self) }
    fn fd_acosh(self) -> f64 { acosh(self) }
    fn fd_asin(self) -> f64 { asin(self) }
    fn fd_asinh(self) -> f64 { asinh(self) }
    fn fd_atan(self) -> f64 { atan(self) }
    fn fd_atanh(self) -> f64 { atanh(self) }
    fn fd_atan2(self, x: f64) -> f64 { atan2(self, x) }
    fn fd_cbrt(self) -> f64 { cbrt(self) }
    fn fd_cos(self) -> f64 { cos(self) }
    fn fd_cosh(self) -> f64 { cosh(self) }
    fn fd_exp(self) -> f64 { exp(self) }
    fn fd_exp_m1(self) -> f64 { expm1(self) }
    fn fd_ln(self) -> f64 { log(self) }
    fn fd_ln_1p(self) -> f64 { log1p(self) }
    fn fd_log10(self) -> f64 { log10(self) }
    fn fd_log2(self) -> f64 { log2(self) }
    fn fd_sin(self) -> f64 { sin(self) }
    fn fd_sinh(self) -> f64 { sinh(self) }
    fn fd_tan(self) -> f64 { tan(self) }
    fn fd_tanh(self) -> f64 { tanh(self) }
}

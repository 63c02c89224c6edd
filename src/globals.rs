//! The sandbox's global names, written once. The connector-name checks refuse them (a connector is
//! installed as a global of the same name), the ReferenceError hint lists the ones that are not
//! ECMAScript's, and `tests/globals.rs` checks that a fresh sandbox's `globalThis` has exactly
//! these own properties besides the connectors.

/// Where a global comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// ECMAScript's, installed by the engine (with `Intl`, which the prelude installs).
    Standard,
    /// The sandbox's own API: `codemode`, `console`, `text`, `image`, `store`, `load` and the
    /// aliases. (`models` is a connector, present when a provider is configured.)
    Sandbox,
    /// Web platform globals model-written code expects (no `fetch`: no network).
    Web,
}

/// One global of the sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Global {
    pub name: &'static str,
    pub origin: Origin,
}

const fn standard(name: &'static str) -> Global {
    Global {
        name,
        origin: Origin::Standard,
    }
}

const fn sandbox(name: &'static str) -> Global {
    Global {
        name,
        origin: Origin::Sandbox,
    }
}

const fn web(name: &'static str) -> Global {
    Global {
        name,
        origin: Origin::Web,
    }
}

/// Every own property of the sandbox's `globalThis` before connectors are added.
pub const GLOBALS: &[Global] = &[
    standard("globalThis"),
    standard("Infinity"),
    standard("NaN"),
    standard("undefined"),
    standard("Function"),
    standard("Object"),
    standard("Math"),
    standard("JSON"),
    standard("Array"),
    standard("Proxy"),
    standard("ArrayBuffer"),
    standard("BigInt"),
    standard("Boolean"),
    standard("Date"),
    standard("DataView"),
    standard("Map"),
    standard("isFinite"),
    standard("isNaN"),
    standard("parseInt"),
    standard("parseFloat"),
    standard("Number"),
    standard("eval"),
    standard("Set"),
    standard("String"),
    standard("RegExp"),
    standard("TypedArray"),
    standard("Int8Array"),
    standard("Uint8Array"),
    standard("Uint8ClampedArray"),
    standard("Int16Array"),
    standard("Uint16Array"),
    standard("Int32Array"),
    standard("Uint32Array"),
    standard("BigInt64Array"),
    standard("BigUint64Array"),
    standard("Float16Array"),
    standard("Float32Array"),
    standard("Float64Array"),
    standard("Symbol"),
    standard("Error"),
    standard("RangeError"),
    standard("ReferenceError"),
    standard("TypeError"),
    standard("SyntaxError"),
    standard("EvalError"),
    standard("URIError"),
    standard("AggregateError"),
    standard("Reflect"),
    standard("Promise"),
    standard("encodeURI"),
    standard("encodeURIComponent"),
    standard("decodeURI"),
    standard("decodeURIComponent"),
    standard("WeakMap"),
    standard("WeakSet"),
    standard("Iterator"),
    standard("escape"),
    standard("unescape"),
    standard("Intl"),
    sandbox("codemode"),
    sandbox("console"),
    sandbox("text"),
    sandbox("image"),
    sandbox("store"),
    sandbox("load"),
    sandbox("searchTools"),
    sandbox("describeTool"),
    sandbox("describeNamespace"),
    web("URL"),
    web("URLSearchParams"),
    web("TextEncoder"),
    web("TextDecoder"),
    web("atob"),
    web("btoa"),
    web("structuredClone"),
    web("queueMicrotask"),
    web("setTimeout"),
    web("setInterval"),
    web("clearTimeout"),
    web("clearInterval"),
    web("crypto"),
    web("DOMException"),
];

/// The sandbox's own object of helpers. A connector of this name does not become a global: its
/// methods join the object (the reference's executors call a tool provider without a namespace
/// `codemode.*`), beside [`CODEMODE_METHODS`], which they may not hide.
pub const CODEMODE: &str = "codemode";

/// The methods of `codemode` before connectors join it (`prelude/globals.js`).
pub const CODEMODE_METHODS: &[&str] = &["search", "describe", "run", "step"];

/// Whether a method of a connector named [`CODEMODE`] would stand for something of the sandbox's
/// own: one of [`CODEMODE_METHODS`], or a timer's call (`codemode.setTimeout`/`setInterval` is how
/// the journal records timers, and a tool of that name would be taken for one).
pub fn codemode_keeps(method: &str) -> bool {
    CODEMODE_METHODS.contains(&method) || crate::script::TIMER_METHODS.contains(&method)
}

/// Names a connector may not take besides the globals: `input` is the argument of a snippet.
const RESERVED_WORDS: &[&str] = &["input"];

/// The global `name` is, if it is one.
pub fn global(name: &str) -> Option<&'static Global> {
    GLOBALS.iter().find(|g| g.name == name)
}

/// Why a connector cannot be named `name`, or `None` when it can.
pub fn connector_name_clash(name: &str) -> Option<String> {
    if let Some(found) = global(name) {
        let what = match found.origin {
            Origin::Standard => "an ECMAScript built-in",
            Origin::Sandbox => "part of the sandbox's API",
            Origin::Web => "a web platform global of the sandbox",
        };
        return Some(format!(
            "`{name}` is {what} (a connector becomes a global of its name); rename the connector"
        ));
    }
    RESERVED_WORDS.contains(&name).then(|| {
        format!("`{name}` is reserved by the sandbox (a snippet's argument); rename the connector")
    })
}

/// The sandbox's own and web globals, comma-separated, for the hint of a ReferenceError.
pub fn non_standard_names() -> String {
    GLOBALS
        .iter()
        .filter(|g| g.origin != Origin::Standard)
        .map(|g| g.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_identifiers() {
        let mut seen = std::collections::BTreeSet::new();
        for g in GLOBALS {
            assert!(crate::connector::is_identifier(g.name), "{}", g.name);
            assert!(seen.insert(g.name), "{} twice", g.name);
        }
    }

    #[test]
    fn every_global_and_reserved_word_clashes_and_others_do_not() {
        for g in GLOBALS {
            assert!(connector_name_clash(g.name).is_some(), "{}", g.name);
        }
        assert!(connector_name_clash("input").is_some());
        assert_eq!(connector_name_clash("github"), None);
    }
}

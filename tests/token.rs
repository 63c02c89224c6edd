//! Scoped tokens (src/token.rs), natively: the HMAC against RFC 4231, base64url, signing and
//! verifying (valid, expired, tampered, another key, malformed), the scope table, the front-door
//! rule and `issueToken`'s options. The same rules against the built Worker, over HTTP,
//! WebSocket and MCP: tests/integration/tokens.test.mjs.

use codemode_runtime::method::Method;
use codemode_runtime::token::{
    authenticate, base64url_decode, base64url_encode, grant_inside_object, issue, mac, presented,
    Claims, Grant, Scope, SigningKey, TokenError, MAX_TTL_SECONDS, PREFIX,
};
use codemode_runtime::Error;
use serde_json::{json, Value};

const NOW: i64 = 1_800_000_000_000;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn claims(scope: Scope, instance: Option<&str>, expires_at: i64) -> Claims {
    Claims {
        scope,
        instance: instance.map(str::to_string),
        expires_at,
        subject: Some("alice".into()),
    }
}

#[test]
fn hmac_sha256_matches_rfc_4231() {
    // Test case 2 (a short key) and test case 6 (a key longer than the block).
    assert_eq!(
        hex(&mac(b"Jefe", &[b"what do ya want ", b"for nothing?"])),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    assert_eq!(
        hex(&mac(
            &[0xaa; 131],
            &[b"Test Using Larger Than Block-Size Key - Hash Key First"]
        )),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    );
}

#[test]
fn base64url_round_trips_and_refuses_what_is_not_canonical() {
    for (bytes, text) in [
        (&b""[..], ""),
        (b"f", "Zg"),
        (b"fo", "Zm8"),
        (b"foo", "Zm9v"),
        (b"foob", "Zm9vYg"),
        (&[0xfb, 0xff, 0xbf][..], "-_-_"),
    ] {
        assert_eq!(base64url_encode(bytes), text);
        assert_eq!(base64url_decode(text).as_deref(), Some(bytes), "{text}");
    }
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(base64url_decode(&base64url_encode(&all)), Some(all));
    for bad in ["Zg==", "Z", "Zh", "Zm+v", "Zm/v", "Zm9v Yg", "é"] {
        assert_eq!(base64url_decode(bad), None, "{bad:?} must be refused");
    }
}

#[test]
fn a_signed_token_verifies_until_it_expires() {
    let key = SigningKey::from_secret("k1");
    let c = claims(Scope::Approve, Some("demo"), NOW + 1000);
    let token = key.sign(&c);
    assert!(token.starts_with(PREFIX), "{token}");
    assert_eq!(token.matches('.').count(), 2);
    assert_eq!(key.verify(&token, NOW), Ok(c.clone()));
    assert_eq!(key.verify(&token, NOW + 999), Ok(c.clone()));
    assert_eq!(
        key.verify(&token, NOW + 1000),
        Err(TokenError::Expired { at: NOW + 1000 })
    );
    assert_eq!(
        key.verify(&token, NOW + 10_000_000),
        Err(TokenError::Expired { at: NOW + 1000 })
    );
    // Signing is deterministic: the same claims give the same token.
    assert_eq!(key.sign(&c), token);
}

#[test]
fn tampered_tokens_and_other_keys_are_refused() {
    let key = SigningKey::from_secret("k1");
    let token = key.sign(&claims(Scope::Read, Some("demo"), NOW + 60_000));
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let (_, payload) = signed.split_once('.').unwrap();

    // Another key: a different secret, or one derived from a main token.
    assert_eq!(
        SigningKey::from_secret("k2").verify(&token, NOW),
        Err(TokenError::BadSignature)
    );
    assert_eq!(
        SigningKey::derived_from("k1").verify(&token, NOW),
        Err(TokenError::BadSignature)
    );

    // A payload rewritten to a wider scope, another instance or a later expiry, signature kept.
    let forged = |claims: Value| {
        format!(
            "{PREFIX}{}.{signature}",
            base64url_encode(claims.to_string().as_bytes())
        )
    };
    for widened in [
        json!({"scope": "full", "inst": "demo", "exp": NOW + 60_000, "sub": "alice"}),
        json!({"scope": "read", "inst": "other", "exp": NOW + 60_000, "sub": "alice"}),
        json!({"scope": "read", "exp": NOW + 60_000, "sub": "alice"}),
        json!({"scope": "read", "inst": "demo", "exp": NOW + 6_000_000, "sub": "alice"}),
    ] {
        assert_eq!(
            key.verify(&forged(widened.clone()), NOW),
            Err(TokenError::BadSignature),
            "{widened}"
        );
    }

    // A flipped bit in the signature; a truncated one; none.
    let mut bytes = base64url_decode(signature).unwrap();
    bytes[0] ^= 1;
    let flipped = format!("{signed}.{}", base64url_encode(&bytes));
    assert_eq!(key.verify(&flipped, NOW), Err(TokenError::BadSignature));
    let short = format!("{signed}.{}", base64url_encode(&bytes[..31]));
    assert_eq!(key.verify(&short, NOW), Err(TokenError::BadSignature));
    assert_eq!(
        key.verify(&format!("{signed}."), NOW),
        Err(TokenError::BadSignature)
    );

    // Not the format at all.
    for malformed in [
        String::new(),
        "cmt1.".into(),
        format!("cmt2.{payload}.{signature}"),
        format!("{PREFIX}{payload}"),
        format!("{PREFIX}{payload}.{signature}="),
        format!("{PREFIX}{payload}.not*base64"),
    ] {
        assert_eq!(
            key.verify(&malformed, NOW),
            Err(TokenError::Malformed),
            "{malformed:?}"
        );
    }

    // Correctly signed claims that are not claims (unknown field, bad scope) are still refused.
    for payload in [
        json!({"scope": "root", "exp": NOW + 1}),
        json!({"scope": "read", "exp": NOW + 1, "admin": true}),
    ] {
        let signed = format!(
            "{PREFIX}{}",
            base64url_encode(payload.to_string().as_bytes())
        );
        let token = format!(
            "{signed}.{}",
            base64url_encode(&mac(b"k1", &[signed.as_bytes()]))
        );
        assert_eq!(
            key.verify(&token, NOW),
            Err(TokenError::Malformed),
            "{payload}"
        );
    }
}

#[test]
fn token_errors_have_their_codes() {
    assert_eq!(Error::from(TokenError::Malformed).code(), "UNAUTHORIZED");
    assert_eq!(Error::from(TokenError::BadSignature).code(), "UNAUTHORIZED");
    assert_eq!(
        Error::from(TokenError::Expired { at: 5 }).code(),
        "TOKEN_EXPIRED"
    );
}

#[test]
fn the_key_is_the_signing_key_else_derived_from_the_main_token() {
    let claims = claims(Scope::Full, None, NOW + 1);
    let sign = |key: Option<SigningKey>| key.map(|k| k.sign(&claims));
    assert_eq!(
        sign(SigningKey::from_settings(Some("s"), Some("t"))),
        sign(Some(SigningKey::from_secret("s")))
    );
    assert_eq!(
        sign(SigningKey::from_settings(None, Some("t"))),
        sign(Some(SigningKey::derived_from("t")))
    );
    assert_eq!(
        sign(SigningKey::from_settings(Some(""), Some("t"))),
        sign(Some(SigningKey::derived_from("t")))
    );
    assert!(SigningKey::from_settings(None, None).is_none());
    assert!(SigningKey::from_settings(Some(""), Some("")).is_none());
    // The derived key is not the main token itself (a signature reveals nothing about it).
    assert_ne!(
        sign(SigningKey::from_settings(None, Some("t"))),
        sign(Some(SigningKey::from_secret("t")))
    );
}

/// Every method of the runtime and what each scope may do with it (the table is the contract's;
/// a method added without a row fails here).
#[test]
fn scope_table() {
    let table: &[(&str, [bool; 3])] = &[
        ("tool", [true, true, true]),
        ("search", [true, true, true]),
        ("describe", [true, true, true]),
        ("executionHistory", [true, true, true]),
        ("execution", [true, true, true]),
        ("executionOutput", [true, true, true]),
        ("pendingApprovals", [true, true, true]),
        ("snippets", [true, true, true]),
        ("approveExecution", [false, true, true]),
        ("rejectExecution", [false, true, true]),
        ("cancelExecution", [false, true, true]),
        ("execute", [false, false, true]),
        ("rollbackExecution", [false, false, true]),
        ("deleteExecution", [false, false, true]),
        ("pruneExecutions", [false, false, true]),
        ("saveSnippet", [false, false, true]),
        ("deleteSnippet", [false, false, true]),
        ("issueToken", [false, false, false]),
    ];
    let mut named: Vec<&str> = table.iter().map(|(name, _)| *name).collect();
    let mut all = Method::names();
    named.sort_unstable();
    all.sort_unstable();
    assert_eq!(named, all, "every method has one row");
    for (name, expected) in table {
        let method = Method::from_name(name).expect("a method");
        assert_eq!(method.name(), *name);
        for (scope, allowed) in [Scope::Read, Scope::Approve, Scope::Full]
            .into_iter()
            .zip(expected)
        {
            assert_eq!(scope.allows(method), *allowed, "{scope:?} × {name}");
            let grant = Grant::Scoped(claims(scope, None, NOW + 1));
            let checked = grant.check_method(method, NOW);
            if *allowed {
                assert_eq!(checked, Ok(()), "{scope:?} × {name}");
            } else {
                assert_eq!(
                    checked.map_err(|e| e.code()),
                    Err("FORBIDDEN"),
                    "{scope:?} × {name}"
                );
            }
        }
        assert_eq!(Grant::Main.check_method(method, NOW), Ok(()));
    }
    assert_eq!(Method::from_name("Execute"), None);
    assert_eq!(Method::from_name("__proto__"), None);
}

#[test]
fn grants_check_the_instance_and_the_time() {
    let bound = Grant::Scoped(claims(Scope::Full, Some("demo"), NOW + 10));
    assert_eq!(bound.check_instance("demo"), Ok(()));
    assert_eq!(
        bound.check_instance("other").map_err(|e| e.code()),
        Err("FORBIDDEN")
    );
    assert_eq!(
        bound.check_instance("dem").map_err(|e| e.code()),
        Err("FORBIDDEN")
    );
    let unbound = Grant::Scoped(claims(Scope::Read, None, NOW + 10));
    assert_eq!(unbound.check_instance("anything"), Ok(()));
    assert_eq!(Grant::Main.check_instance("anything"), Ok(()));
    // A WebSocket opened with a token keeps being checked: after expiry every method is refused.
    assert_eq!(bound.check_method(Method::Tool, NOW + 9), Ok(()));
    assert_eq!(
        bound
            .check_method(Method::Tool, NOW + 10)
            .map_err(|e| e.code()),
        Err("TOKEN_EXPIRED")
    );
    assert_eq!(bound.subject(), Some("alice"));
    assert_eq!(Grant::Main.subject(), None);
}

#[test]
fn the_credential_is_the_bearer_header_else_the_query() {
    assert_eq!(presented(Some("Bearer a"), Some("b")), Some("a"));
    assert_eq!(presented(Some("Basic a"), Some("b")), Some("b"));
    assert_eq!(presented(None, Some("b")), Some("b"));
    assert_eq!(presented(Some("a"), None), None);
    assert_eq!(presented(None, None), None);
}

/// The front door: main token, scoped tokens, other credentials, loopback.
#[test]
fn front_door_rule() {
    let key = SigningKey::from_settings(None, Some("main"));
    let k = key.as_ref();
    let read = k.unwrap().sign(&claims(Scope::Read, None, NOW + 5));
    let expired = k.unwrap().sign(&claims(Scope::Read, None, NOW));
    let foreign = SigningKey::from_secret("other").sign(&claims(Scope::Full, None, NOW + 5));
    let code = |r: Result<Grant, Error>| r.map_err(|e| e.code());
    let scoped: Result<Grant, &str> = Ok(Grant::Scoped(claims(Scope::Read, None, NOW + 5)));

    // A main token is configured: the host does not matter.
    for loopback in [true, false] {
        let auth =
            |given: Option<&str>| code(authenticate(given, Some("main"), k, loopback, "h", NOW));
        assert_eq!(auth(Some("main")), Ok(Grant::Main));
        assert_eq!(auth(Some(&read)), scoped.clone());
        assert_eq!(auth(Some(&expired)), Err("TOKEN_EXPIRED"));
        assert_eq!(auth(Some(&foreign)), Err("UNAUTHORIZED"));
        assert_eq!(auth(Some("wrong")), Err("UNAUTHORIZED"));
        assert_eq!(auth(Some("cmt1.garbage")), Err("UNAUTHORIZED"));
        assert_eq!(auth(None), Err("UNAUTHORIZED"));
    }

    // No main token, but a signing key: loopback is served, scoped tokens are honoured anywhere.
    let signing = SigningKey::from_secret("s");
    let by_signing = signing.sign(&claims(Scope::Read, None, NOW + 5));
    let auth = |given: Option<&str>, loopback| {
        code(authenticate(
            given,
            None,
            Some(&signing),
            loopback,
            "h",
            NOW,
        ))
    };
    assert_eq!(auth(None, true), Ok(Grant::Main));
    assert_eq!(
        auth(Some("anything"), true),
        Ok(Grant::Main),
        "a stray credential on loopback is ignored"
    );
    assert_eq!(auth(None, false), Err("UNAUTHORIZED"));
    assert_eq!(auth(Some("anything"), false), Err("UNAUTHORIZED"));
    assert_eq!(auth(Some(&by_signing), false), scoped.clone());
    assert_eq!(
        auth(Some(&by_signing), true),
        scoped.clone(),
        "a scoped token limits even loopback"
    );
    assert_eq!(
        auth(Some(&read), true),
        Err("UNAUTHORIZED"),
        "signed with another key"
    );

    // No key at all: scoped tokens cannot be checked.
    assert_eq!(
        code(authenticate(Some(&read), None, None, true, "h", NOW)),
        Err("UNAUTHORIZED")
    );
    assert_eq!(
        code(authenticate(None, None, None, true, "h", NOW)),
        Ok(Grant::Main)
    );

    // Inside the object (already admitted): only scoped tokens limit.
    let inside = |given: Option<&str>| code(grant_inside_object(given, Some("main"), k, NOW));
    assert_eq!(inside(None), Ok(Grant::Main));
    assert_eq!(inside(Some("main")), Ok(Grant::Main));
    assert_eq!(inside(Some("not a scoped token")), Ok(Grant::Main));
    assert_eq!(inside(Some(&read)), scoped);
    assert_eq!(inside(Some(&expired)), Err("TOKEN_EXPIRED"));
    assert_eq!(inside(Some(&foreign)), Err("UNAUTHORIZED"));
}

#[test]
fn issue_token_options() {
    let key = SigningKey::from_secret("s");
    let ok = issue(
        Some(&key),
        Some(&json!({"scope": "approve", "ttlSeconds": 60, "instance": "demo", "subject": "bob"})),
        NOW,
    )
    .unwrap();
    assert_eq!(ok["expiresAt"], json!(NOW + 60_000));
    assert_eq!(ok["scope"], "approve");
    assert_eq!(ok["instance"], "demo");
    assert_eq!(ok["subject"], "bob");
    let claims = key.verify(ok["token"].as_str().unwrap(), NOW).unwrap();
    assert_eq!(
        claims,
        Claims {
            scope: Scope::Approve,
            instance: Some("demo".into()),
            expires_at: NOW + 60_000,
            subject: Some("bob".into())
        }
    );
    let unbound = issue(
        Some(&key),
        Some(&json!({"scope": "read", "ttlSeconds": MAX_TTL_SECONDS})),
        NOW,
    )
    .unwrap();
    assert_eq!(unbound["instance"], Value::Null);
    assert_eq!(
        key.verify(unbound["token"].as_str().unwrap(), NOW)
            .unwrap()
            .instance,
        None
    );

    let refused = |options: Value| issue(Some(&key), Some(&options), NOW).map_err(|e| e.code());
    for bad in [
        json!({"ttlSeconds": 60}),
        json!({"scope": "admin", "ttlSeconds": 60}),
        json!({"scope": "read"}),
        json!({"scope": "read", "ttlSeconds": 0}),
        json!({"scope": "read", "ttlSeconds": -5}),
        json!({"scope": "read", "ttlSeconds": 1.5}),
        json!({"scope": "read", "ttlSeconds": MAX_TTL_SECONDS + 1}),
        json!({"scope": "read", "ttlSeconds": 60, "instance": ""}),
        json!({"scope": "read", "ttlSeconds": 60, "instance": 5}),
        json!({"scope": "read", "ttlSeconds": 60, "subject": "x".repeat(257)}),
        json!({"scope": "read", "ttlSeconds": 60, "extra": true}),
        json!("read"),
    ] {
        assert_eq!(refused(bad.clone()), Err("BAD_REQUEST"), "{bad}");
    }
    assert_eq!(
        issue(Some(&key), None, NOW).map_err(|e| e.code()),
        Err("BAD_REQUEST")
    );
    assert_eq!(
        issue(None, Some(&json!({"scope": "read", "ttlSeconds": 60})), NOW).map_err(|e| e.code()),
        Err("INVALID_CONFIG")
    );
}

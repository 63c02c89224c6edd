//! Scoped tokens: credentials an agent hands to someone else (an approver's browser, another
//! service) that open less than the main `CODEMODE_TOKEN` does. Pure: the time is passed in, the
//! shell reads the secrets and the request's credential and asks here what they allow.
//!
//! A token is `cmt1.<payload>.<signature>`: the payload is the [`Claims`] as JSON in unpadded
//! base64url, the signature HMAC-SHA-256 over `cmt1.<payload>` with the [`SigningKey`], also
//! base64url. Tokens are verified without storage: a valid signature and an expiry in the future
//! are all it takes, so a token cannot be revoked before it expires except by changing the key
//! (which revokes every token).
//!
//! Which scope may call which method is [`Method::caller`]: `read` opens the methods that only
//! look, `approve` adds the decisions on paused runs, `full` everything but `issueToken`.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::error::Error;
use crate::method::{Caller, Method};

type HmacSha256 = Hmac<Sha256>;

/// What every scoped token starts with (the format's version).
pub const PREFIX: &str = "cmt1.";

/// The longest lifetime `issueToken` grants: 30 days.
pub const MAX_TTL_SECONDS: u64 = 30 * 24 * 3600;

/// The longest `subject` accepted, in characters.
pub const MAX_SUBJECT_CHARS: usize = 256;

/// The longest instance name a route accepts (and so a token may name).
pub const MAX_INSTANCE_CHARS: usize = 256;

/// Derives the signing key from `CODEMODE_TOKEN` when `CODEMODE_SIGNING_KEY` is not set.
const DERIVATION_LABEL: &[u8] = b"codemode-runtime scoped token signing key v1";

/// How much a scoped token opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "TokenScope"))]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Read,
    Approve,
    Full,
}

impl Scope {
    pub fn parse(text: &str) -> Option<Scope> {
        match text {
            "read" => Some(Scope::Read),
            "approve" => Some(Scope::Approve),
            "full" => Some(Scope::Full),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Approve => "approve",
            Scope::Full => "full",
        }
    }

    /// Whether a token of this scope may call `method`.
    pub fn allows(self, method: Method) -> bool {
        match method.caller() {
            Caller::AtLeast(least) => self.rank() >= least.rank(),
            Caller::MainOnly => false,
        }
    }

    /// `read` < `approve` < `full`: each opens what the one before opens and more.
    fn rank(self) -> u8 {
        match self {
            Scope::Read => 0,
            Scope::Approve => 1,
            Scope::Full => 2,
        }
    }
}

/// What a token says: its scope, the one instance it opens (or every instance), when it expires
/// and on whose behalf it acts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    pub scope: Scope,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "inst")]
    pub instance: Option<String>,
    /// Milliseconds since the epoch; the token is refused from this instant on.
    #[serde(rename = "exp")]
    pub expires_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "sub")]
    pub subject: Option<String>,
}

/// Why a token was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    /// Not `cmt1.<payload>.<signature>`, or a payload that is not the claims.
    Malformed,
    /// The signature does not match: tampered with, or signed with another key.
    BadSignature,
    /// Valid, but its time is over.
    Expired { at: i64 },
}

impl From<TokenError> for Error {
    fn from(error: TokenError) -> Error {
        match error {
            TokenError::Malformed => Error::Unauthorized("the token is malformed".into()),
            TokenError::BadSignature => {
                Error::Unauthorized("the token's signature is not valid".into())
            }
            TokenError::Expired { at } => {
                Error::TokenExpired(format!("the token expired at {at} (ms since the epoch)"))
            }
        }
    }
}

/// The HMAC key tokens are signed and verified with.
#[derive(Clone)]
pub struct SigningKey(Vec<u8>);

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningKey(..)")
    }
}

impl SigningKey {
    /// `CODEMODE_SIGNING_KEY`'s bytes, used as they are.
    pub fn from_secret(secret: &str) -> SigningKey {
        SigningKey(secret.as_bytes().to_vec())
    }

    /// A key derived from the main token: HMAC-SHA-256(`CODEMODE_TOKEN`, a fixed label), so a
    /// token's signature never reveals the main token and changing it revokes every token.
    pub fn derived_from(main_token: &str) -> SigningKey {
        SigningKey(mac(main_token.as_bytes(), &[DERIVATION_LABEL]).to_vec())
    }

    /// The key in force: `CODEMODE_SIGNING_KEY` if set, else one derived from `CODEMODE_TOKEN`,
    /// else none (scoped tokens are then neither issued nor accepted). Empty settings count as unset.
    pub fn from_settings(
        signing_key: Option<&str>,
        main_token: Option<&str>,
    ) -> Option<SigningKey> {
        match (
            signing_key.filter(|k| !k.is_empty()),
            main_token.filter(|t| !t.is_empty()),
        ) {
            (Some(key), _) => Some(SigningKey::from_secret(key)),
            (None, Some(token)) => Some(SigningKey::derived_from(token)),
            (None, None) => None,
        }
    }

    /// The token carrying `claims`.
    pub fn sign(&self, claims: &Claims) -> String {
        // Claims always serialize (strings, an enum and an integer).
        let payload = serde_json::to_vec(claims).unwrap_or_default();
        let signed = format!("{PREFIX}{}", base64url_encode(&payload));
        let signature = base64url_encode(&mac(&self.0, &[signed.as_bytes()]));
        format!("{signed}.{signature}")
    }

    /// The claims of `token` if it was signed with this key and has not expired at `now_ms`.
    pub fn verify(&self, token: &str, now_ms: i64) -> Result<Claims, TokenError> {
        let rest = token.strip_prefix(PREFIX).ok_or(TokenError::Malformed)?;
        let (payload, signature) = rest.split_once('.').ok_or(TokenError::Malformed)?;
        let signature = base64url_decode(signature).ok_or(TokenError::Malformed)?;
        let signed = &token[..PREFIX.len() + payload.len()];
        let mut check = new_mac(&self.0);
        check.update(signed.as_bytes());
        check
            .verify_slice(&signature)
            .map_err(|_| TokenError::BadSignature)?;
        let payload = base64url_decode(payload).ok_or(TokenError::Malformed)?;
        let claims: Claims = serde_json::from_slice(&payload).map_err(|_| TokenError::Malformed)?;
        if now_ms >= claims.expires_at {
            return Err(TokenError::Expired {
                at: claims.expires_at,
            });
        }
        Ok(claims)
    }
}

fn new_mac(key: &[u8]) -> HmacSha256 {
    // HMAC takes keys of any length; `new_from_slice` cannot fail for it. The fallback keeps the
    // crate free of `unwrap` and is never reached.
    HmacSha256::new_from_slice(key)
        .unwrap_or_else(|_| <HmacSha256 as Mac>::new(&Default::default()))
}

/// HMAC-SHA-256 of the concatenated `parts`.
pub fn mac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = new_mac(key);
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// Who is asking: the holder of the main token (or a loopback request when none is configured,
/// or a caller inside the account through the object's namespace binding), or a scoped token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grant {
    Main,
    Scoped(Claims),
}

impl Grant {
    /// On whose behalf the request acts, when the token names someone.
    pub fn subject(&self) -> Option<&str> {
        match self {
            Grant::Main => None,
            Grant::Scoped(claims) => claims.subject.as_deref(),
        }
    }

    /// `FORBIDDEN` unless the grant opens `instance`.
    pub fn check_instance(&self, instance: &str) -> Result<(), Error> {
        match self {
            Grant::Scoped(Claims {
                instance: Some(bound),
                ..
            }) if bound != instance => Err(Error::Forbidden(format!(
                "this token opens the instance `{bound}` only, not `{instance}`"
            ))),
            _ => Ok(()),
        }
    }

    /// `TOKEN_EXPIRED` if the token's time is over at `now_ms` (a WebSocket outlives a token:
    /// every frame is checked), `FORBIDDEN` unless its scope includes `method`.
    pub fn check_method(&self, method: Method, now_ms: i64) -> Result<(), Error> {
        let Grant::Scoped(claims) = self else {
            return Ok(());
        };
        if now_ms >= claims.expires_at {
            return Err(TokenError::Expired {
                at: claims.expires_at,
            }
            .into());
        }
        if claims.scope.allows(method) {
            return Ok(());
        }
        if method.caller() == Caller::MainOnly {
            return Err(Error::Forbidden(format!(
                "`{method}` needs the main CODEMODE_TOKEN"
            )));
        }
        let allowed: Vec<&str> = Method::ALL
            .into_iter()
            .filter(|m| claims.scope.allows(*m))
            .map(Method::name)
            .collect();
        Err(Error::Forbidden(format!(
            "a `{}` token may not call `{method}`; it may call: {}",
            claims.scope.as_str(),
            allowed.join(", ")
        )))
    }
}

/// The credential a request presents: `Authorization: Bearer <t>`, else `?token=<t>`.
pub fn presented<'a>(
    authorization: Option<&'a str>,
    query_token: Option<&'a str>,
) -> Option<&'a str> {
    authorization
        .and_then(|h| h.strip_prefix("Bearer "))
        .or(query_token)
}

/// Compares without stopping at the first differing byte.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The Worker's auth rule at its front door (before any object is woken):
/// - the main token → [`Grant::Main`];
/// - a scoped token → its claims if valid (`UNAUTHORIZED` if malformed, tampered with or signed
///   with another key, `TOKEN_EXPIRED` if its time is over), whatever the host;
/// - another credential → `UNAUTHORIZED` when a main token is configured; ignored otherwise;
/// - without a main token, loopback hosts are [`Grant::Main`] and others `UNAUTHORIZED`.
pub fn authenticate(
    presented: Option<&str>,
    main_token: Option<&str>,
    key: Option<&SigningKey>,
    loopback: bool,
    host: &str,
    now_ms: i64,
) -> Result<Grant, Error> {
    let main_token = main_token.filter(|t| !t.is_empty());
    if let (Some(given), Some(main)) = (presented, main_token) {
        if same_secret(given, main) {
            return Ok(Grant::Main);
        }
    }
    if let Some(given) = presented.filter(|p| p.starts_with(PREFIX)) {
        let key = key.ok_or_else(|| {
            Error::Unauthorized("scoped tokens are not accepted: neither CODEMODE_SIGNING_KEY nor CODEMODE_TOKEN is set".into())
        })?;
        return Ok(Grant::Scoped(key.verify(given, now_ms)?));
    }
    match (main_token, presented) {
        (Some(_), Some(_)) => Err(Error::Unauthorized("the token is wrong".into())),
        (Some(_), None) => Err(Error::Unauthorized(
            "send `Authorization: Bearer <CODEMODE_TOKEN>` (or `?token=` for WebSocket and browsers)".into(),
        )),
        (None, _) if loopback => Ok(Grant::Main),
        (None, _) => Err(Error::Unauthorized(format!(
            "CODEMODE_TOKEN is not set, so only loopback hosts are served (this request is for `{host}`)"
        ))),
    }
}

/// The grant of a request inside the object, which the Worker's front door already admitted (or
/// which came through the object's namespace binding, trusted like the main token): a scoped
/// token is verified again and limits the request; anything else is [`Grant::Main`].
pub fn grant_inside_object(
    presented: Option<&str>,
    main_token: Option<&str>,
    key: Option<&SigningKey>,
    now_ms: i64,
) -> Result<Grant, Error> {
    match presented {
        Some(given)
            if given.starts_with(PREFIX) && !main_token.is_some_and(|m| same_secret(given, m)) =>
        {
            let key = key
                .ok_or_else(|| Error::Unauthorized("scoped tokens are not accepted here".into()))?;
            Ok(Grant::Scoped(key.verify(given, now_ms)?))
        }
        _ => Ok(Grant::Main),
    }
}

/// What the transports know about a request besides its method and arguments: who asks, the
/// signing key (for `issueToken`) and the time. See [`crate::rpc::dispatch_with`].
#[derive(Debug, Clone)]
pub struct Access {
    pub grant: Grant,
    pub key: Option<SigningKey>,
    pub now_ms: i64,
}

impl Access {
    /// Full access without a signing key (a host that does not use scoped tokens).
    pub fn main(now_ms: i64) -> Access {
        Access {
            grant: Grant::Main,
            key: None,
            now_ms,
        }
    }
}

/// The secrets a Worker checks credentials against: `CODEMODE_TOKEN` and the signing key in
/// force (see [`SigningKey::from_settings`]). `Keys::default()` accepts no scoped token.
#[derive(Clone, Default)]
pub struct Keys {
    pub main_token: Option<String>,
    pub signing_key: Option<SigningKey>,
}

impl Keys {
    /// From the settings `CODEMODE_SIGNING_KEY` and `CODEMODE_TOKEN` (empty counts as unset).
    pub fn from_settings(signing_key: Option<&str>, main_token: Option<&str>) -> Keys {
        let main_token = main_token.filter(|t| !t.is_empty());
        Keys {
            signing_key: SigningKey::from_settings(signing_key, main_token),
            main_token: main_token.map(str::to_string),
        }
    }

    /// [`authenticate`] with these keys.
    pub fn authenticate(
        &self,
        presented: Option<&str>,
        loopback: bool,
        host: &str,
        now_ms: i64,
    ) -> Result<Grant, Error> {
        authenticate(
            presented,
            self.main_token.as_deref(),
            self.signing_key.as_ref(),
            loopback,
            host,
            now_ms,
        )
    }

    /// The [`Access`] of a request inside the object (see [`grant_inside_object`]).
    pub fn access_inside_object(
        &self,
        presented: Option<&str>,
        now_ms: i64,
    ) -> Result<Access, Error> {
        let grant = grant_inside_object(
            presented,
            self.main_token.as_deref(),
            self.signing_key.as_ref(),
            now_ms,
        )?;
        Ok(Access {
            grant,
            key: self.signing_key.clone(),
            now_ms,
        })
    }
}

/// `issueToken(options)`: `options = {instance?, scope, ttlSeconds, subject?}` →
/// `{token, expiresAt, scope, instance, subject}`. The caller must hold [`Grant::Main`] (checked
/// with [`Grant::check_method`]); `key` is `None` when no key is configured.
pub fn issue(
    key: Option<&SigningKey>,
    options: Option<&Value>,
    now_ms: i64,
) -> Result<Value, Error> {
    let key = key.ok_or_else(|| {
        Error::InvalidConfig(
            "issueToken needs a signing key: set the secret CODEMODE_SIGNING_KEY or CODEMODE_TOKEN"
                .into(),
        )
    })?;
    let bad = |message: String| Error::BadRequest(format!("issueToken: {message}"));
    let options = match options {
        Some(Value::Object(options)) => options,
        _ => {
            return Err(bad(
                "the argument must be an object {scope, ttlSeconds, instance?, subject?}".into(),
            ))
        }
    };
    for name in options.keys() {
        if !["scope", "ttlSeconds", "instance", "subject"].contains(&name.as_str()) {
            return Err(bad(format!(
                "unknown option `{name}`; options are scope, ttlSeconds, instance, subject"
            )));
        }
    }
    let scope = match options.get("scope") {
        Some(Value::String(text)) => Scope::parse(text).ok_or_else(|| {
            bad(format!(
                "`scope` must be \"read\", \"approve\" or \"full\", got {text:?}"
            ))
        })?,
        _ => {
            return Err(bad(
                "`scope` (\"read\", \"approve\" or \"full\") is missing".into(),
            ))
        }
    };
    let ttl = options
        .get("ttlSeconds")
        .and_then(Value::as_u64)
        .filter(|ttl| (1..=MAX_TTL_SECONDS).contains(ttl))
        .ok_or_else(|| {
            bad(format!(
                "`ttlSeconds` must be an integer from 1 to {MAX_TTL_SECONDS}"
            ))
        })?;
    let optional_string = |name: &str, max: usize| -> Result<Option<String>, Error> {
        match options.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) if !text.is_empty() && text.chars().count() <= max => {
                Ok(Some(text.clone()))
            }
            Some(_) => Err(bad(format!(
                "`{name}` must be a string of 1 to {max} characters"
            ))),
        }
    };
    let instance = optional_string("instance", MAX_INSTANCE_CHARS)?;
    let subject = optional_string("subject", MAX_SUBJECT_CHARS)?;
    // `ttl` is at most 30 days, so this cannot overflow for any real clock.
    let expires_at = now_ms.saturating_add((ttl * 1000) as i64);
    let claims = Claims {
        scope,
        instance,
        expires_at,
        subject,
    };
    Ok(json!({
        "token": key.sign(&claims),
        "expiresAt": expires_at,
        "scope": scope.as_str(),
        "instance": claims.instance,
        "subject": claims.subject,
    }))
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Unpadded base64url.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Unpadded base64url; `None` for any other character, padding, or a length no encoding has.
/// Bits left over in the last character must be zero, so each byte string has one encoding.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if acc != 0 {
        return None;
    }
    Some(out)
}

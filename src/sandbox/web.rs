//! Native halves of the web globals the prelude defines (`URL`, `URLSearchParams`,
//! `TextEncoder`/`TextDecoder`, `atob`/`btoa`): the parts that are byte or parsing work, done here
//! in one native call instead of thousands of bytecode instructions. URLs are the `url` crate's
//! WHATWG parser (already linked for the OpenAPI connector). Each function is a method of the
//! prelude's host object, unreachable from the script; the prelude checks argument types, and
//! these check them again without panicking.

use boa_engine::object::builtins::{JsArray, JsArrayBuffer};
use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{
    js_string, Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
};
use url::{quirks, Url};

use super::{js_string_arg, std_string, string_arg};

/// Adds the functions of this module to the host object being built.
pub(super) fn register(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(url_parse),
        js_string!("urlParse"),
        2,
    )
    .function(
        NativeFunction::from_fn_ptr(url_set),
        js_string!("urlSet"),
        3,
    )
    .function(
        NativeFunction::from_fn_ptr(form_parse),
        js_string!("formParse"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(form_serialize),
        js_string!("formSerialize"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(utf8_encode),
        js_string!("utf8Encode"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(utf8_decode),
        js_string!("utf8Decode"),
        4,
    )
    .function(
        NativeFunction::from_fn_ptr(utf8_incomplete),
        js_string!("utf8Incomplete"),
        3,
    )
    .function(
        NativeFunction::from_fn_ptr(base64_encode),
        js_string!("btoa"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(base64_decode),
        js_string!("atob"),
        1,
    );
}

// ---- URL

/// The WHATWG getters of `url`, as an object the prelude's `URL` reads.
fn url_parts(url: &Url, context: &mut Context) -> JsValue {
    let parts: [(&str, &str); 10] = [
        ("href", quirks::href(url)),
        ("protocol", quirks::protocol(url)),
        ("username", quirks::username(url)),
        ("password", quirks::password(url)),
        ("host", quirks::host(url)),
        ("hostname", quirks::hostname(url)),
        ("port", quirks::port(url)),
        ("pathname", quirks::pathname(url)),
        ("search", quirks::search(url)),
        ("hash", quirks::hash(url)),
    ];
    let origin = quirks::origin(url);
    let mut object = ObjectInitializer::new(context);
    for (name, value) in parts {
        object.property(
            JsString::from(name),
            JsString::from(value),
            Attribute::all(),
        );
    }
    object.property(
        js_string!("origin"),
        JsString::from(origin.as_str()),
        Attribute::all(),
    );
    object.build().into()
}

/// `host.urlParse(input, base)` → the parts of the parsed URL, or `null` if `input` (against
/// `base` when that is not `undefined`) is not a URL.
fn url_parse(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let input = string_arg(args, 0, context)?;
    let base = match args.get(1) {
        None => None,
        Some(value) if value.is_undefined() => None,
        Some(value) => match Url::parse(&std_string(&value.to_string(context)?)) {
            Ok(base) => Some(base),
            Err(_) => return Ok(JsValue::null()),
        },
    };
    match Url::options().base_url(base.as_ref()).parse(&input) {
        Ok(url) => Ok(url_parts(&url, context)),
        Err(_) => Ok(JsValue::null()),
    }
}

/// `host.urlSet(href, name, value)` → the parts after the `name` setter ran with `value`. Setters
/// ignore values they cannot use, as the WHATWG setters do; only `href` fails (a `TypeError`).
fn url_set(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let href = string_arg(args, 0, context)?;
    let name = string_arg(args, 1, context)?;
    let value = string_arg(args, 2, context)?;
    let mut url = Url::parse(&href)
        .map_err(|e| JsNativeError::typ().with_message(format!("Invalid URL: {e}")))?;
    match name.as_str() {
        "href" => quirks::set_href(&mut url, &value).map_err(|_| {
            // The Workers runtime's words.
            JsNativeError::typ().with_message(
                "Failed to set the 'href' property on 'URL': the provided value is not of type 'valid URL string'.",
            )
        })?,
        "protocol" => quirks::set_protocol(&mut url, &value).unwrap_or(()),
        "username" => quirks::set_username(&mut url, &value).unwrap_or(()),
        "password" => quirks::set_password(&mut url, &value).unwrap_or(()),
        "host" => quirks::set_host(&mut url, &value).unwrap_or(()),
        "hostname" => quirks::set_hostname(&mut url, &value).unwrap_or(()),
        "port" => quirks::set_port(&mut url, &value).unwrap_or(()),
        "pathname" => quirks::set_pathname(&mut url, &value),
        "search" => quirks::set_search(&mut url, &value),
        "hash" => quirks::set_hash(&mut url, &value),
        other => {
            return Err(JsNativeError::typ()
                .with_message(format!("URL has no setter `{other}`"))
                .into())
        }
    }
    Ok(url_parts(&url, context))
}

/// `host.formParse(query)` → `[[name, value], ...]` of an `application/x-www-form-urlencoded`
/// string (no leading `?`).
fn form_parse(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let query = string_arg(args, 0, context)?;
    let pairs: Vec<JsValue> = url::form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| {
            let pair = [
                JsValue::from(JsString::from(name.as_ref())),
                JsValue::from(JsString::from(value.as_ref())),
            ];
            JsValue::from(JsArray::from_iter(pair, context))
        })
        .collect();
    Ok(JsArray::from_iter(pairs, context).into())
}

/// `host.formSerialize([name0, value0, name1, value1, ...])` → the query string.
fn form_serialize(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let list = object_arg(args, 0, "formSerialize")?;
    let length = list
        .get(js_string!("length"), context)?
        .to_length(context)?;
    let mut serializer = url::form_urlencoded::Serializer::new(String::new());
    let mut index = 0;
    while index + 1 < length {
        let name = std_string(&list.get(index, context)?.to_string(context)?);
        let value = std_string(&list.get(index + 1, context)?.to_string(context)?);
        serializer.append_pair(&name, &value);
        index += 2;
    }
    Ok(JsString::from(serializer.finish().as_str()).into())
}

// ---- UTF-8

/// `host.utf8Encode(text)` → an `ArrayBuffer` of its UTF-8 (lone surrogates become U+FFFD).
fn utf8_encode(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    new_buffer(text.as_bytes(), context)
}

fn new_buffer(bytes: &[u8], context: &mut Context) -> JsResult<JsValue> {
    let buffer = JsArrayBuffer::new(bytes.len(), context)?;
    if let Some(mut data) = buffer.data_mut() {
        if data.len() == bytes.len() {
            data.copy_from_slice(bytes);
        }
    }
    Ok(buffer.into())
}

/// The bytes `[offset, offset + length)` of the `ArrayBuffer` in `args[0]`, handed to `read`.
pub(super) fn with_bytes<T>(
    args: &[JsValue],
    context: &mut Context,
    read: impl FnOnce(&[u8]) -> T,
) -> JsResult<T> {
    let buffer = JsArrayBuffer::from_object(object_arg(args, 0, "utf8")?)?;
    let offset = args
        .get(1)
        .cloned()
        .unwrap_or_default()
        .to_length(context)?;
    let length = args
        .get(2)
        .cloned()
        .unwrap_or_default()
        .to_length(context)?;
    let data = buffer
        .data()
        .ok_or_else(|| JsNativeError::typ().with_message("the ArrayBuffer is detached"))?;
    let start = usize::try_from(offset).unwrap_or(usize::MAX);
    let end = start.saturating_add(usize::try_from(length).unwrap_or(usize::MAX));
    let bytes = data.get(start..end).ok_or_else(|| {
        JsNativeError::range().with_message("the view lies outside its ArrayBuffer")
    })?;
    Ok(read(bytes))
}

/// `host.utf8Decode(buffer, offset, length, fatal)` → the text; malformed sequences become
/// U+FFFD (the WHATWG "maximal subpart" rule, which Rust's lossy decoding follows), or fail with
/// a `TypeError` when `fatal`.
fn utf8_decode(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let fatal = args.get(3).is_some_and(JsValue::to_boolean);
    let text =
        with_bytes(args, context, |bytes| match std::str::from_utf8(bytes) {
            Ok(text) => Ok(JsString::from(text)),
            Err(_) if fatal => Err(JsNativeError::typ()
                .with_message("The encoded data was not valid for encoding utf-8")),
            Err(_) => Ok(JsString::from(String::from_utf8_lossy(bytes).as_ref())),
        })??;
    context.charge_chars_later(text.len());
    Ok(text.into())
}

/// `host.utf8Incomplete(buffer, offset, length)` → how many bytes at the end start a UTF-8
/// sequence that is not complete yet (0 to 3): a streaming decoder keeps them for the next chunk.
fn utf8_incomplete(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let count = with_bytes(args, context, |bytes| {
        (1..=3usize.min(bytes.len()))
            .find(|&k| match std::str::from_utf8(&bytes[bytes.len() - k..]) {
                Err(e) => e.valid_up_to() == 0 && e.error_len().is_none(),
                Ok(_) => false,
            })
            .unwrap_or(0)
    })?;
    Ok(JsValue::from(count as u32))
}

// ---- base64

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `host.btoa(text)` → base64 of the text's code units, or `null` if one is above U+00FF.
fn base64_encode(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = js_string_arg(args, 0, context)?;
    let mut bytes = Vec::with_capacity(text.len());
    for unit in text.iter() {
        match u8::try_from(unit) {
            Ok(byte) => bytes.push(byte),
            Err(_) => return Ok(JsValue::null()),
        }
    }
    Ok(JsString::from(crate::images::encode_base64(&bytes).as_str()).into())
}

/// `host.atob(text)` → the decoded bytes as a string of code units U+0000–U+00FF, or `null` if
/// the text is not base64 (the WHATWG forgiving-base64 rules: ASCII whitespace is skipped, padding
/// is optional).
fn base64_decode(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = js_string_arg(args, 0, context)?;
    let mut units: Vec<u16> = text
        .iter()
        .filter(|u| !matches!(u, 0x09 | 0x0a | 0x0c | 0x0d | 0x20))
        .collect();
    if units.len().is_multiple_of(4) {
        for _ in 0..2 {
            if units.last() == Some(&u16::from(b'=')) {
                units.pop();
            }
        }
    }
    Ok(decode_base64(&units).map_or(JsValue::null(), |bytes| {
        let units: Vec<u16> = bytes.into_iter().map(u16::from).collect();
        JsString::from(units.as_slice()).into()
    }))
}

fn decode_base64(units: &[u16]) -> Option<Vec<u8>> {
    if units.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(units.len() * 3 / 4);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for unit in units {
        let value = ALPHABET.iter().position(|c| u16::from(*c) == *unit)? as u32;
        buffer = (buffer << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

fn object_arg(args: &[JsValue], index: usize, what: &str) -> JsResult<JsObject> {
    args.get(index).and_then(JsValue::as_object).ok_or_else(|| {
        JsNativeError::typ()
            .with_message(format!("{what}: not an object"))
            .into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_and_refuses_bad_input() {
        for bytes in [
            &b""[..],
            b"f",
            b"fo",
            b"foo",
            b"foob",
            b"fooba",
            b"foobar",
            &[0, 255, 128, 7],
        ] {
            let encoded = crate::images::encode_base64(bytes);
            let units: Vec<u16> = encoded.trim_end_matches('=').encode_utf16().collect();
            assert_eq!(decode_base64(&units).as_deref(), Some(bytes), "{encoded}");
        }
        assert_eq!(
            crate::images::encode_base64(b"Hello, World!"),
            "SGVsbG8sIFdvcmxkIQ=="
        );
        let units = |s: &str| s.encode_utf16().collect::<Vec<_>>();
        assert_eq!(decode_base64(&units("abcde")), None);
        assert_eq!(decode_base64(&units("ab!d")), None);
    }
}

//! Images a run hands back: what `image()` accepts, how their bytes are recognised, and where
//! they are kept. Bytes never enter the journal or the run's record: a generated image is stored
//! when its model call returns (the journal holds its [`ImageRef`]), a literal one when the run
//! completes; both are deleted with their execution and served at `…/images/<id>`.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// Largest image accepted, in bytes (`image()`, or one a model generated).
pub const MAX_IMAGE_BYTES: usize = 4 * 1024 * 1024;

/// Most image bytes one run may hand back in all.
pub const MAX_RUN_IMAGE_BYTES: usize = 16 * 1024 * 1024;

/// Most images one run may hand back.
pub const MAX_RUN_IMAGES: usize = 16;

/// An image kept for a run, as scripts and callers see it: `models.generateImages` resolves to
/// these, `image()` takes them, the answer of a run lists them (with their URL).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImageRef {
    /// Always `"image"`: how `image()` tells a reference from other values.
    #[serde(rename = "type")]
    pub kind: ImageTag,
    /// `<executionId>.<suffix>`: unique in the instance (`g<seq>i<n>` for a generated image,
    /// `o<n>` for the run's n-th literal `image()`).
    pub id: String,
    pub mime_type: String,
    pub width: u32,
    pub height: u32,
    /// Size of the stored bytes.
    pub bytes: u32,
}

/// The `type` of an [`ImageRef`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ImageTag {
    #[default]
    Image,
}

/// An image in a run's answer: its reference and where to fetch it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ImageOutput {
    #[serde(flatten)]
    pub image: ImageRef,
    /// The image's path under the instance (`images/<id>`), or the host's absolute URL.
    pub url: String,
}

/// What a stored image is: its reference and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    pub image: ImageRef,
    pub execution_id: String,
    pub data: Vec<u8>,
}

/// Where image bytes live. The Worker keeps them in the object's SQLite, in parts; tests in
/// memory. Writes are durable when the method returns, like [`crate::Store`]'s. The defaults
/// are a store that keeps no images (`image()` of bytes then fails the run's completion).
pub trait ImageStore {
    fn save_image(&self, _image: &StoredImage) -> Result<()> {
        Err(Error::Storage("this store keeps no images".into()))
    }
    fn load_image(&self, _id: &str) -> Result<Option<StoredImage>> {
        Ok(None)
    }
    /// An image's reference without its bytes (`image(ref)` checks one each pass). By default
    /// from [`ImageStore::load_image`]; a store that can read it alone should.
    fn image_ref(&self, id: &str) -> Result<Option<ImageRef>> {
        Ok(self.load_image(id)?.map(|stored| stored.image))
    }
    /// Every image of one execution, by id.
    fn execution_images(&self, _execution_id: &str) -> Result<Vec<ImageRef>> {
        Ok(Vec::new())
    }
}

/// A format recognised by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl Format {
    pub fn mime_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Gif => "image/gif",
            Format::Webp => "image/webp",
        }
    }

    fn from_mime(mime: &str) -> Option<Self> {
        [Format::Png, Format::Jpeg, Format::Gif, Format::Webp]
            .into_iter()
            .find(|f| f.mime_type().eq_ignore_ascii_case(mime.trim()))
    }
}

/// An image's format and size in pixels, read from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    pub format: Format,
    pub width: u32,
    pub height: u32,
}

/// Recognises PNG, JPEG, GIF and WebP by their bytes and reads their size; anything else (or a
/// recognised header with no size in it) is `None`.
pub fn sniff(bytes: &[u8]) -> Option<Sniffed> {
    let be16 = |at: usize| -> Option<u32> {
        Some(u32::from(u16::from_be_bytes(
            bytes.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let le16 = |at: usize| -> Option<u32> {
        Some(u32::from(u16::from_le_bytes(
            bytes.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let be32 = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let sized = |format, width, height| {
        (width > 0 && height > 0).then_some(Sniffed {
            format,
            width,
            height,
        })
    };
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.get(12..16) == Some(b"IHDR") {
        return sized(Format::Png, be32(16)?, be32(20)?);
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return sized(Format::Gif, le16(6)?, le16(8)?);
    }
    if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        return webp_size(bytes).and_then(|(w, h)| sized(Format::Webp, w, h));
    }
    if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        return jpeg_size(bytes, be16).and_then(|(w, h)| sized(Format::Jpeg, w, h));
    }
    None
}

/// The size in a WebP's first chunk (lossy `VP8 `, lossless `VP8L`, extended `VP8X`).
fn webp_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let at = |i: usize| bytes.get(i).copied().map(u32::from);
    match bytes.get(12..16)? {
        b"VP8 " => {
            let w = (at(26)? | at(27)? << 8) & 0x3fff;
            let h = (at(28)? | at(29)? << 8) & 0x3fff;
            Some((w, h))
        }
        b"VP8L" => {
            let b = [at(21)?, at(22)?, at(23)?, at(24)?];
            let w = 1 + (b[0] | (b[1] & 0x3f) << 8);
            let h = 1 + ((b[1] >> 6) | b[2] << 2 | (b[3] & 0x0f) << 10);
            Some((w, h))
        }
        b"VP8X" => {
            let w = 1 + (at(24)? | at(25)? << 8 | at(26)? << 16);
            let h = 1 + (at(27)? | at(28)? << 8 | at(29)? << 16);
            Some((w, h))
        }
        _ => None,
    }
}

/// The size in a JPEG's first start-of-frame segment.
fn jpeg_size(bytes: &[u8], be16: impl Fn(usize) -> Option<u32>) -> Option<(u32, u32)> {
    let mut i = 2;
    while i + 4 <= bytes.len() {
        if bytes[i] != 0xff {
            return None;
        }
        let marker = bytes[i + 1];
        if marker == 0xff {
            i += 1;
            continue;
        }
        let length = be16(i + 2)? as usize;
        let start_of_frame = matches!(marker, 0xc0..=0xcf) && !matches!(marker, 0xc4 | 0xc8 | 0xcc);
        if start_of_frame {
            return Some((be16(i + 7)?, be16(i + 5)?));
        }
        i += 2 + length;
    }
    None
}

/// Checks bytes handed back as an image: a recognised format within the size limit, and, when
/// the script named a type, that type. Errors are the script's (`image(…)`'s TypeError text).
pub fn check(bytes: &[u8], declared: Option<&str>) -> std::result::Result<Sniffed, String> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(format!(
            "image is {} bytes; at most {MAX_IMAGE_BYTES} are kept",
            bytes.len()
        ));
    }
    let sniffed = sniff(bytes).ok_or_else(|| {
        "image data is not a PNG, JPEG, GIF or WebP image (recognised by its bytes)".to_string()
    })?;
    if let Some(declared) = declared {
        match Format::from_mime(declared) {
            Some(format) if format == sniffed.format => {}
            Some(_) | None => {
                return Err(format!(
                    "mimeType {declared:?} does not match the bytes, which are {}",
                    sniffed.format.mime_type()
                ))
            }
        }
    }
    Ok(sniffed)
}

impl ImageRef {
    /// The reference of the image `suffix` of `execution_id` (see [`ImageRef::id`]), of `bytes`
    /// bytes of type `mime_type`.
    pub fn new(
        execution_id: &str,
        suffix: &str,
        mime_type: &str,
        (width, height): (u32, u32),
        bytes: usize,
    ) -> Self {
        Self {
            kind: ImageTag::Image,
            id: format!("{execution_id}.{suffix}"),
            mime_type: mime_type.to_string(),
            width,
            height,
            bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
        }
    }
}

/// The reference of the image `suffix` of `execution_id`, as its bytes were recognised.
pub fn image_ref(execution_id: &str, suffix: &str, sniffed: Sniffed, bytes: usize) -> ImageRef {
    ImageRef::new(
        execution_id,
        suffix,
        sniffed.format.mime_type(),
        (sniffed.width, sniffed.height),
        bytes,
    )
}

/// The execution an image id belongs to (`<executionId>.<suffix>`).
pub fn execution_of(image_id: &str) -> Option<&str> {
    let (execution, suffix) = image_id.rsplit_once('.')?;
    (!execution.is_empty() && !suffix.is_empty()).then_some(execution)
}

/// An image id as a script could hand one in: refused unless it has the shape ids have.
pub fn valid_id(id: &str) -> Result<&str> {
    if id.len() <= 200
        && execution_of(id).is_some()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    {
        Ok(id)
    } else {
        Err(Error::NotFound(format!("no image `{id}`")))
    }
}

/// `text` in the standard base64 alphabet, with padding.
pub fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Base64 text (standard or URL-safe alphabet, ASCII whitespace and padding optional) as bytes;
/// `None` if it is not base64.
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits, mut padding) = (0u32, 0u32, 0usize);
    let mut symbols = 0usize;
    for byte in text.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => {
                padding += 1;
                continue;
            }
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => continue,
            _ => return None,
        };
        if padding > 0 {
            return None;
        }
        symbols += 1;
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    (symbols % 4 != 1 && padding <= 2).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0]);
        bytes
    }

    #[test]
    fn formats_are_recognised_by_their_bytes() {
        let found = sniff(&png(512, 256)).unwrap();
        assert_eq!(
            (found.format, found.width, found.height),
            (Format::Png, 512, 256)
        );
        let gif = sniff(b"GIF89a\x20\x00\x10\x00\x80\x00\x00").unwrap();
        assert_eq!((gif.format, gif.width, gif.height), (Format::Gif, 32, 16));
        // A JPEG: SOI, an APP0 segment, then SOF0 with height 100, width 200.
        let mut jpeg = vec![0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0];
        jpeg.extend([0xff, 0xc0, 0, 11, 8, 0, 100, 0, 200, 3, 0, 0, 0]);
        let jpeg = sniff(&jpeg).unwrap();
        assert_eq!(
            (jpeg.format, jpeg.width, jpeg.height),
            (Format::Jpeg, 200, 100)
        );
        assert_eq!(sniff(b"not an image"), None);
        assert_eq!(sniff(b""), None);
        assert!(check(&png(1, 1), Some("image/jpeg")).is_err());
        assert!(check(&png(1, 1), Some("image/png")).is_ok());
    }

    #[test]
    fn base64_both_ways() {
        for bytes in [&b""[..], b"f", b"fo", b"foo", b"foob", &[0, 255, 128, 7]] {
            assert_eq!(decode_base64(&encode_base64(bytes)).as_deref(), Some(bytes));
        }
        assert_eq!(decode_base64("ab!d"), None);
        assert_eq!(decode_base64("abcde"), None);
        assert_eq!(execution_of("abc-def.g3i0"), Some("abc-def"));
        assert_eq!(execution_of("abc."), None);
    }
}

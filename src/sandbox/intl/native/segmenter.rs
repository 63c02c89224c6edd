//! `Intl.Segmenter`: ICU4X's grapheme, word and sentence segmenters (UAX #29, with dictionaries
//! and LSTM models for the scripts written without spaces, as ICU4C uses). The prelude keeps the
//! `%Segments%` objects; this answers the resolved options and one text's segment table.

use icu_locale::Locale;
use icu_segmenter::options::{SentenceBreakInvariantOptions, WordBreakInvariantOptions};
use icu_segmenter::{GraphemeClusterSegmenter, SentenceSegmenter, WordSegmenter};
use serde_json::{json, Map, Value};

use super::options::{resolve, Options};
use super::{resolved, string_arg, Answer, Arg, IntlError};

pub(super) struct Segments {
    locale: Locale,
    granularity: String,
}

impl Segments {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "Segmenter");
        options.locale_matcher()?;
        let locale = resolve(locales, &[])?;
        let granularity =
            options.string_or("granularity", &["grapheme", "word", "sentence"], "grapheme")?;
        Ok(Self {
            locale,
            granularity,
        })
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => Ok(resolved([
                ("locale", self.locale.to_string().into()),
                ("granularity", self.granularity.clone().into()),
            ])),
            "segment" => Ok(Answer::Json(
                self.table(&string_arg(args.first())).to_string(),
            )),
            _ => Err(IntlError::typ(format!(
                "Intl.Segmenter.prototype.{method} is not a function"
            ))),
        }
    }

    /// The segments' start indices in UTF-16 code units (and, for words, 1 where the segment is
    /// word-like), as the prelude reads them: `{"starts": [...], "words": [...]}`.
    fn table(&self, text: &str) -> Value {
        let units: Vec<u16> = text.encode_utf16().collect();
        let starts_of = |mut boundaries: Vec<usize>| {
            boundaries.pop_if(|end| *end == units.len());
            boundaries
        };
        match self.granularity.as_str() {
            "word" => {
                let segmenter = WordSegmenter::new_auto(WordBreakInvariantOptions::default());
                let (mut starts, mut words) = (vec![0], Vec::new());
                let mut boundaries = segmenter.segment_utf16(&units);
                boundaries.next();
                while let Some(end) = boundaries.next() {
                    words.push(u8::from(boundaries.is_word_like()));
                    starts.push(end);
                }
                starts.pop();
                json!({ "starts": starts, "words": words })
            }
            "sentence" => {
                let segmenter = SentenceSegmenter::new(SentenceBreakInvariantOptions::default());
                json!({ "starts": starts_of(segmenter.segment_utf16(&units).collect()) })
            }
            _ => {
                let segmenter = GraphemeClusterSegmenter::new();
                json!({ "starts": starts_of(segmenter.segment_utf16(&units).collect()) })
            }
        }
    }
}

//! The two codecs of the Encoding Standard's 2012 draft that the standard
//! has since replaced: HZ-GB-2312 and ISO-2022-KR.
//!
//! Their labels (`hz-gb-2312`, `iso-2022-kr`, `csiso2022kr`) name the
//! replacement encoding in the standard, and [`Encoding::for_label`] keeps it
//! that way. [`Encoding::for_label_historical`] is the opt-in: the same
//! lookup, except that those three labels give the draft's codecs. They are
//! not in [`Encoding::all`] (which is the standard's list).

use super::registry::{label_key, CodecFamily, Encoding};
use super::tables::{BytesTable, WordTable, REPLACEMENT};

static HISTORICAL: [Encoding; 2] = [
    Encoding {
        name: "HZ-GB-2312",
        group: "Legacy multi-byte Chinese (simplified) encodings",
        labels: &["hz-gb-2312"],
        family: CodecFamily::HzGb2312,
    },
    Encoding {
        name: "ISO-2022-KR",
        group: "Legacy multi-byte Korean encodings",
        labels: &["csiso2022kr", "iso-2022-kr"],
        family: CodecFamily::Iso2022Kr,
    },
];

/// HZ-GB-2312 as the 2012 draft defined it (§9.3).
pub static HZ_GB_2312: &Encoding = &HISTORICAL[0];
/// ISO-2022-KR as the 2012 draft defined it (§12.2).
pub static ISO_2022_KR: &Encoding = &HISTORICAL[1];

impl Encoding {
    /// "Get an encoding" with the 2012 draft's codecs: like
    /// [`Encoding::for_label`], except that `hz-gb-2312`, `iso-2022-kr` and
    /// `csiso2022kr` give [`HZ_GB_2312`] and [`ISO_2022_KR`] instead of the
    /// replacement encoding.
    pub fn for_label_historical(label: &[u8]) -> Option<&'static Encoding> {
        let encoding = Encoding::for_label(label)?;
        if encoding != REPLACEMENT {
            return Some(encoding);
        }
        Some(Encoding::historical_for(label).unwrap_or(encoding))
    }

    /// The draft codec a label would give with `--historical`, if it names
    /// one (the label is matched as [`Encoding::for_label`] matches).
    pub fn historical_for(label: &[u8]) -> Option<&'static Encoding> {
        let mut buf = [0u8; 32];
        let key = label_key(label, &mut buf)?;
        HISTORICAL
            .iter()
            .find(|e| e.labels.iter().any(|l| l.as_bytes() == key))
    }

    /// The draft's codecs, which no label reaches without opting in.
    pub fn historical() -> impl Iterator<Item = &'static Encoding> {
        HISTORICAL.iter()
    }

    /// Whether this is one of the draft's codecs rather than the standard's.
    pub fn is_historical(&self) -> bool {
        matches!(self.family, CodecFamily::HzGb2312 | CodecFamily::Iso2022Kr)
    }
}

/// The code point of a 7-bit pair in the two drafts' double-byte sets: the
/// pair of `index` (rows of 190 from lead 0x81, trails from 0x41) that these
/// bytes name with their high bits set. `trail` must be in 0x21..=0x7E.
pub(super) fn decode_seven_bit(index: &WordTable, lead: u8, trail: u8) -> Option<u32> {
    if !(0x21..=0x7E).contains(&trail) {
        return None;
    }
    let pointer = (usize::from(lead) - 1) * 190 + usize::from(trail) + 0x3F;
    index.code_point(pointer)
}

/// The 7-bit pair for `cp`: its two bytes in `table` minus 0x80, when both
/// are in 0xA1..=0xFE (GB2312's and KS X 1001's rows and cells).
pub(super) fn encode_seven_bit(table: &BytesTable, cp: u32) -> Option<[u8; 2]> {
    let [lead, trail] = table.bytes(cp)?;
    let valid = |b: u8| (0xA1..=0xFE).contains(&b);
    (valid(lead) && valid(trail)).then(|| [lead - 0x80, trail - 0x80])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{ISO_2022_JP, UTF_8};

    #[test]
    fn only_three_labels_change() {
        for label in ["hz-gb-2312", " HZ-GB-2312\n", "iso-2022-kr", "CSISO2022KR"] {
            assert_eq!(Encoding::for_label(label.as_bytes()), Some(REPLACEMENT));
            let e = Encoding::for_label_historical(label.as_bytes()).unwrap();
            assert!(e.is_historical(), "{label}");
            assert_eq!(Encoding::historical_for(label.as_bytes()), Some(e));
        }
        assert_eq!(
            Encoding::for_label_historical(b"hz-gb-2312"),
            Some(HZ_GB_2312)
        );
        assert_eq!(
            Encoding::for_label_historical(b"iso-2022-kr"),
            Some(ISO_2022_KR)
        );
        for label in ["iso-2022-cn", "iso-2022-cn-ext", "replacement"] {
            let e = Encoding::for_label_historical(label.as_bytes());
            assert_eq!(e, Some(REPLACEMENT), "{label}");
        }
        assert_eq!(Encoding::for_label_historical(b"utf8"), Some(UTF_8));
        assert_eq!(
            Encoding::for_label_historical(b"iso-2022-jp"),
            Some(ISO_2022_JP)
        );
        assert_eq!(Encoding::for_label_historical(b"hz"), None);
        assert!(Encoding::all().all(|e| !e.is_historical()));
    }

    #[test]
    fn neither_splits_at_newlines_both_encode() {
        for e in Encoding::historical() {
            assert!(!e.resets_at_newline(), "{e}");
            assert!(e.can_encode(), "{e}");
        }
        assert!(HZ_GB_2312.encoder_resets_at_newline());
        assert!(!ISO_2022_KR.encoder_resets_at_newline());
    }
}

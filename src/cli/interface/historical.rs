//! `--historical`: the labels `hz-gb-2312`, `iso-2022-kr` and `csiso2022kr`
//! with the Encoding Standard's 2012 draft codecs instead of the replacement
//! encoding, and the notes that point to the option where it would help.

use super::labels::{Label, Resolved};
use crate::codec::Encoding;

/// What a parsed -f or -t value names, given --historical: with it, the
/// draft's labels give the draft's codecs (`None` for `-f auto`). Those
/// labels are the standard's too (replacement), so clap's value parser,
/// which cannot see the option, has already accepted them.
pub fn chosen(label: &Label, historical: bool) -> Option<Resolved> {
    match Encoding::historical_for(label.given.as_bytes()) {
        Some(encoding) if historical => Some(Resolved {
            encoding,
            note: None,
        }),
        _ => label.resolved.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::interface::labels::Direction;
    use crate::codec::{HZ_GB_2312, ISO_2022_KR, REPLACEMENT, UTF_8};

    #[test]
    fn the_option_changes_three_labels() {
        let parse = |l: &str, d| Label::parse(l.to_string(), d);
        let from = |l, h| {
            chosen(&parse(l, Direction::From).unwrap(), h)
                .unwrap()
                .encoding
        };
        assert_eq!(from("hz-gb-2312", false), REPLACEMENT);
        assert_eq!(from("hz-gb-2312", true), HZ_GB_2312);
        assert_eq!(from(" ISO-2022-KR ", true), ISO_2022_KR);
        assert_eq!(from("csiso2022kr", true), ISO_2022_KR);
        assert_eq!(from("iso-2022-cn", true), REPLACEMENT);
        assert_eq!(from("utf8", true), UTF_8);
        assert!(parse("hz", Direction::To).is_err());
    }
}

//! The long documentation: one source for the end of `--help` and for the
//! man page's extra sections (rendered as roff by [`man_sections_roff`]).
//! Kept ASCII so that every man viewer shows it as written.

mod sections;
pub use sections::{Block, Section, SECTIONS};
use Block::{Example, Item, P};

/// The man page's SYNOPSIS: every option that is shown, with its value
/// name (`[-f|--from LABEL]`), then the FILEs.
pub fn synopsis_roff(cmd: &clap::Command) -> String {
    let mut cmd = cmd.clone();
    cmd.build();
    let mut out = format!(".SH SYNOPSIS\n\\fB{}\\fR", cmd.get_name());
    let mut files = String::new();
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let value = arg
            .get_value_names()
            .filter(|_| arg.get_action().takes_values())
            .map(|names| format!(" \\fI{}\\fR", roff_escape(&names.join(" "))));
        if arg.is_positional() {
            files = format!(" [{}]...", value.unwrap_or_default().trim_start());
            continue;
        }
        let mut names = Vec::new();
        if let Some(short) = arg.get_short() {
            names.push(format!("\\fB\\-{short}\\fR"));
        }
        if let Some(long) = arg.get_long() {
            names.push(format!("\\fB\\-\\-{}\\fR", roff_escape(long)));
        }
        out.push_str(&format!(
            " [{}{}]",
            names.join("|"),
            value.unwrap_or_default()
        ));
    }
    out.push_str(&files);
    out.push('\n');
    out
}

/// Width the plain-text help is wrapped to.
const WIDTH: usize = 80;

/// The sections as plain text, for the end of `--help`.
pub fn help_text() -> String {
    let mut out = String::new();
    for (i, section) in SECTIONS.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(section.heading);
        out.push_str(":\n");
        for (j, block) in section.blocks.iter().enumerate() {
            let after_paragraph = j > 0 && matches!(section.blocks[j - 1], P(_));
            if j > 0 && (matches!(block, P(_)) || after_paragraph) {
                out.push('\n');
            }
            match block {
                P(text) => wrap(&mut out, text, 2, WIDTH),
                Item(term, text) | Example(term, text) => {
                    out.push_str("  ");
                    out.push_str(term);
                    out.push('\n');
                    wrap(&mut out, text, 6, WIDTH);
                }
            }
        }
    }
    out
}

/// Appends `text` word-wrapped at `width`, every line indented by `indent`.
/// Words are split at ASCII whitespace, byte by byte (the texts have no
/// other), not char by char, and the indent is made once: the front end is
/// optimised for size, and `--help` builds this for every section.
fn wrap(out: &mut String, text: &str, indent: usize, width: usize) {
    let pad = " ".repeat(indent);
    let mut line_len = 0;
    for word in text.split_ascii_whitespace() {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        }
        if line_len == 0 {
            out.push_str(&pad);
            line_len = indent;
        } else {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out.push('\n');
}

/// The sections as roff, to insert into the man page after OPTIONS.
pub fn man_sections_roff() -> String {
    let mut out = String::new();
    for section in SECTIONS {
        out.push_str(".SH \"");
        out.push_str(&section.heading.to_ascii_uppercase());
        out.push_str("\"\n");
        for block in section.blocks {
            match block {
                P(text) => {
                    out.push_str(".PP\n");
                    out.push_str(&roff_text(text));
                }
                Item(term, text) | Example(term, text) => {
                    out.push_str(".TP\n\\fB");
                    out.push_str(roff_escape(term).trim_end());
                    out.push_str("\\fR\n");
                    out.push_str(&roff_text(text));
                }
            }
            out.push('\n');
        }
    }
    out
}

/// Roff for running text: escaped, one line.
fn roff_text(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let escaped = roff_escape(&joined);
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

fn roff_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_are_ascii_and_wrapped() {
        let text = help_text();
        assert!(text.is_ascii());
        assert!(
            text.lines()
                .all(|l| l.len() <= WIDTH || !l.trim().contains(' ')),
            "{text}"
        );
        assert!(man_sections_roff().contains(".SH \"EXIT STATUS\""));
        assert_eq!(roff_text(".x -y \\z"), "\\&.x \\-y \\ez");
    }
}

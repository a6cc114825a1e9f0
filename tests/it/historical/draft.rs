//! The 2012 draft's hz-gb-2312 (§9.3) and iso-2022-kr (§12.2) decoders and
//! encoders, written out step by step as the draft gives them: a byte or
//! code point pointer that the steps increase and decrease, an EOF byte, and
//! the draft's own index layouts and formulas. Slow and literal on purpose:
//! it is the oracle wenc's streaming codecs are compared with.
//!
//! A decoder error covers the bytes from where the current sequence began
//! (the last step that started with no lead and in a resting state) to
//! where the byte pointer is after the step's decreases.

use super::common::Event;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::OnceLock;

/// An index: pointer -> code point, and the draft's "index pointer" (the
/// first pointer of each code point).
pub struct Index {
    pub code_point: BTreeMap<u32, u32>,
    pub pointer: HashMap<u32, u32>,
}

impl Index {
    fn new(code_point: BTreeMap<u32, u32>) -> Index {
        let mut pointer = HashMap::new();
        for (&p, &cp) in &code_point {
            pointer.entry(cp).or_insert(p);
        }
        Index {
            code_point,
            pointer,
        }
    }
}

/// An index from the repository's `indexes/NAME.idx` (hex pointer, hex code
/// point, optional hex run length), a plain copy of the standard's data.
fn read_idx(name: &str) -> BTreeMap<u32, u32> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("indexes/{name}.idx"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut index = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<u32> = line
            .split_whitespace()
            .map(|x| u32::from_str_radix(x, 16).unwrap())
            .collect();
        for i in 0..*f.get(2).unwrap_or(&1) {
            index.insert(f[0] + i, f[1] + i);
        }
    }
    index
}

/// Index gbk: the two-byte part of today's index gb18030, same layout.
pub fn gbk() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index::new(read_idx("gb18030")))
}

/// Index euc-kr in the draft's layout: leads 0x81..=0xC6 have 178 columns
/// (trails 0x41..=0x5A, 0x61..=0x7A, 0x81..=0xFE), leads 0xC7..=0xFE have 94
/// (trails 0xA1..=0xFE). Rebuilt from today's 190-column index, which maps
/// the same bytes to the same code points.
pub fn euc_kr_2012() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = BTreeMap::new();
        for (p, cp) in read_idx("euc-kr") {
            let (lead, trail) = (p / 190 + 0x81, p % 190 + 0x41);
            let pointer = if lead < 0xC7 {
                let column = match trail {
                    0x41..=0x5A => trail - 0x41,
                    0x61..=0x7A => 26 + trail - 0x61,
                    0x81..=0xFE => 26 + 26 + trail - 0x81,
                    _ => continue,
                };
                178 * (lead - 0x81) + column
            } else if trail >= 0xA1 {
                178 * (0xC7 - 0x81) + (lead - 0xC7) * 94 + (trail - 0xA1)
            } else {
                continue;
            };
            index.insert(pointer, cp);
        }
        Index::new(index)
    })
}

/// Collects a run's events the way tests/it/common records wenc's; the input
/// (empty for encoders) gives the bytes of each malformed sequence.
#[derive(Default)]
struct Events<'a>(Vec<Event>, &'a [u8]);

impl Events<'_> {
    fn emit(&mut self, cp: u32) {
        let c = char::from_u32(cp).unwrap();
        let mut buf = [0; 4];
        self.bytes(c.encode_utf8(&mut buf).as_bytes());
    }

    fn bytes(&mut self, bytes: &[u8]) {
        if let Some(Event::Output(v)) = self.0.last_mut() {
            v.extend_from_slice(bytes);
        } else {
            self.0.push(Event::Output(bytes.to_vec()));
        }
    }

    fn error(&mut self, start: usize, pointer: usize) {
        let (offset, bytes) = (start as u64, self.1[start..pointer].to_vec());
        self.0.push(Event::Malformed { offset, bytes });
    }
}

/// §9.3's hz-gb-2312 decoder.
pub fn hz_decode(stream: &[u8]) -> Vec<Event> {
    let index = &gbk().code_point;
    let (mut flag, mut lead) = (false, 0u8);
    let (mut pointer, mut start) = (0, 0);
    let mut out = Events(Vec::new(), stream);
    loop {
        if lead == 0 {
            start = pointer;
        }
        let Some(&byte) = stream.get(pointer) else {
            if lead == 0 {
                return out.0;
            }
            lead = 0;
            out.error(start, pointer);
            continue;
        };
        pointer += 1;
        if lead == 0x7E {
            lead = 0;
            match byte {
                0x7B => flag = true,
                0x7D => flag = false,
                0x7E => out.emit(0x7E),
                0x0A => {}
                _ => {
                    pointer -= 1;
                    out.error(start, pointer);
                }
            }
            continue;
        }
        if lead != 0 {
            let l = u32::from(lead);
            lead = 0;
            let mut code_point = None;
            if (0x21..=0x7E).contains(&byte) {
                code_point = index.get(&((l - 1) * 190 + (u32::from(byte) + 0x3F)));
            }
            if byte == 0x0A {
                flag = false;
            }
            match code_point {
                None => out.error(start, pointer),
                Some(&cp) => out.emit(cp),
            }
            continue;
        }
        if byte == 0x7E {
            lead = 0x7E;
            continue;
        }
        if flag {
            if (0x20..=0x7F).contains(&byte) {
                lead = byte;
                continue;
            }
            if byte == 0x0A {
                flag = false;
            }
            out.error(start, pointer);
            continue;
        }
        match byte {
            0x00..=0x7F => out.emit(u32::from(byte)),
            _ => out.error(start, pointer),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum KrState {
    Ascii,
    EscapeStart,
    EscapeMiddle,
    EscapeEnd,
    Lead,
    Trail,
}

/// §12.2's iso-2022-kr decoder.
pub fn iso_2022_kr_decode(stream: &[u8]) -> Vec<Event> {
    use KrState::*;
    let index = &euc_kr_2012().code_point;
    let (mut state, mut kr_lead) = (Ascii, 0u32);
    let (mut pointer, mut start) = (0, 0);
    let mut out = Events(Vec::new(), stream);
    loop {
        if matches!(state, Ascii | Lead) {
            start = pointer;
        }
        let byte = stream.get(pointer).copied(); // None is the EOF byte
        if byte.is_some() {
            pointer += 1;
        }
        match state {
            Ascii => match byte {
                Some(0x0E) => state = Lead,
                Some(0x0F) => {}
                Some(0x1B) => state = EscapeStart,
                Some(b @ 0x00..=0x7F) => out.emit(u32::from(b)),
                None => return out.0,
                Some(_) => out.error(start, pointer),
            },
            EscapeStart => {
                if byte == Some(0x24) {
                    state = EscapeMiddle;
                    continue;
                }
                if byte.is_some() {
                    pointer -= 1;
                }
                state = Ascii;
                out.error(start, pointer);
            }
            EscapeMiddle => {
                if byte == Some(0x29) {
                    state = EscapeEnd;
                    continue;
                }
                pointer -= if byte.is_none() { 1 } else { 2 };
                state = Ascii;
                out.error(start, pointer);
            }
            EscapeEnd => {
                if byte == Some(0x43) {
                    state = Ascii;
                    continue;
                }
                pointer -= if byte.is_none() { 2 } else { 3 };
                state = Ascii;
                out.error(start, pointer);
            }
            Lead => match byte {
                Some(0x0A) => {
                    state = Ascii;
                    out.emit(0x0A);
                }
                Some(0x0E) => {}
                Some(0x0F) => state = Ascii,
                None => return out.0,
                Some(b) => {
                    kr_lead = u32::from(b);
                    state = Trail;
                }
            },
            Trail => {
                state = Lead;
                let Some(b) = byte.map(u32::from) else {
                    out.error(start, pointer);
                    continue;
                };
                let mut code_point = None;
                if (0x21..=0x46).contains(&kr_lead) && (0x21..=0x7E).contains(&b) {
                    code_point = index.get(&((26 + 26 + 126) * (kr_lead - 1) + 26 + 26 + b - 1));
                }
                if (0x47..=0x7E).contains(&kr_lead) && (0x21..=0x7E).contains(&b) {
                    let p = (26 + 26 + 126) * (0xC7 - 0x81) + (kr_lead - 0x47) * 94 + (b - 0x21);
                    code_point = index.get(&p);
                }
                match code_point {
                    Some(&cp) => out.emit(cp),
                    None => out.error(start, pointer),
                }
            }
        }
    }
}

/// The one to four bytes an encoder step writes, kept without allocating
/// (the models run per code point; allocation was a third of their time).
#[derive(Clone, Copy)]
struct Bytes([u8; 4], usize);

impl Bytes {
    fn of(bytes: &[u8]) -> Self {
        let mut b = [0; 4];
        b[..bytes.len()].copy_from_slice(bytes);
        Bytes(b, bytes.len())
    }

    fn as_slice(&self) -> &[u8] {
        &self.0[..self.1]
    }
}

/// What one encoder step did with the code point it was given.
enum Step {
    /// Bytes written, code point consumed.
    Emit(Bytes),
    /// Bytes written, code point read again ("decrease the code point
    /// pointer by one").
    Again(Bytes),
    /// An encoder error for the (consumed) code point.
    Error,
}

/// Runs an encoder (`step` for each code point, `end` at the EOF code point
/// until it gives nothing) over `text`. In html mode an error's `&#N;` is
/// put before the rest of the input, as the standard's encode does.
fn encode(
    text: &str,
    html: bool,
    mut step: impl FnMut(u32) -> Step,
    mut end: impl FnMut() -> Option<Bytes>,
) -> Vec<Event> {
    let mut input: VecDeque<(char, Option<usize>)> =
        text.char_indices().map(|(i, c)| (c, Some(i))).collect();
    let mut out = Events::default();
    while let Some(&(c, offset)) = input.front() {
        match step(u32::from(c)) {
            Step::Emit(bytes) => {
                out.bytes(bytes.as_slice());
                input.pop_front();
            }
            Step::Again(bytes) => out.bytes(bytes.as_slice()),
            Step::Error => {
                input.pop_front();
                if let Some(offset) = offset {
                    out.0.push(Event::Unmappable {
                        offset: offset as u64,
                        ch: c,
                    });
                }
                if html {
                    for r in format!("&#{};", u32::from(c)).chars().rev() {
                        input.push_front((r, None));
                    }
                }
            }
        }
    }
    while let Some(bytes) = end() {
        out.bytes(bytes.as_slice());
    }
    out.0
}

/// §9.3's hz-gb-2312 encoder (its end writes nothing).
pub fn hz_encode(text: &str, html: bool) -> Vec<Event> {
    let index = &gbk().pointer;
    let mut flag = false;
    let step = |cp: u32| {
        if cp <= 0x7F && flag {
            flag = false;
            return Step::Again(Bytes::of(&[0x7E, 0x7D]));
        }
        if cp == 0x7E {
            return Step::Emit(Bytes::of(&[0x7E, 0x7E]));
        }
        if cp <= 0x7F {
            return Step::Emit(Bytes::of(&[cp as u8]));
        }
        if !flag {
            flag = true;
            return Step::Again(Bytes::of(&[0x7E, 0x7B]));
        }
        let Some(&pointer) = index.get(&cp) else {
            return Step::Error;
        };
        let lead = i64::from(pointer) / 190 + 1;
        let trail = i64::from(pointer) % 190 - 0x3F;
        if !(0x21..=0x7E).contains(&lead) || !(0x21..=0x7E).contains(&trail) {
            return Step::Error;
        }
        Step::Emit(Bytes::of(&[lead as u8, trail as u8]))
    };
    encode(text, html, step, || None)
}

/// §12.2's iso-2022-kr encoder.
pub fn iso_2022_kr_encode(text: &str, html: bool) -> Vec<Event> {
    let index = &euc_kr_2012().pointer;
    // `lead` is the draft's lead state; otherwise ASCII. Shared with `end`.
    let lead = std::cell::Cell::new(false);
    let mut initialized = false;
    let step = |cp: u32| {
        if !initialized {
            initialized = true;
            return Step::Again(Bytes::of(&[0x1B, 0x24, 0x29, 0x43]));
        }
        if cp <= 0x7F && lead.get() {
            lead.set(false);
            return Step::Again(Bytes::of(&[0x0F]));
        }
        if cp <= 0x7F {
            return Step::Emit(Bytes::of(&[cp as u8]));
        }
        if !lead.get() {
            lead.set(true);
            return Step::Again(Bytes::of(&[0x0E]));
        }
        let Some(&pointer) = index.get(&cp) else {
            return Step::Error;
        };
        let pointer = i64::from(pointer);
        let (l, t, leads) = if pointer < (26 + 26 + 126) * (0xC7 - 0x81) {
            let l = pointer / (26 + 26 + 126) + 1;
            let t = pointer % (26 + 26 + 126) - 26 - 26 + 1;
            (l, t, 0x21..=0x46)
        } else {
            let pointer = pointer - (26 + 26 + 126) * (0xC7 - 0x81);
            (pointer / 94 + 0x47, pointer % 94 + 0x21, 0x47..=0x7E)
        };
        if !leads.contains(&l) || !(0x21..=0x7E).contains(&t) {
            return Step::Error;
        }
        Step::Emit(Bytes::of(&[l as u8, t as u8]))
    };
    let end = || lead.replace(false).then(|| Bytes::of(&[0x0F]));
    encode(text, html, step, end)
}

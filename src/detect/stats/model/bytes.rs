//! Scoring a single-byte candidate straight from the bytes: a single-byte
//! encoding reads each byte as one character, so the sketch of its text is
//! the text of one byte sketch that all such candidates share, and each
//! (encoding, model) pair needs only a 256-entry table of classes. No
//! candidate's text is decoded and no string is walked per character: this
//! is the detector's hot loop.

use super::flags::{
    alif_class, l_class, TableFlags, ACCENT, ASCII, COMMA, GUILLEMET, IN_WORD, MIDDLE_DOT,
    NOT_LETTER, NUMBER_SIGN, OPENS_ONLY, SIGN, SPACE, TRAILING,
};
use super::step::{
    Step, S_ASCII, S_CAPITAL, S_FOREIGN, S_GUILLEMET, S_LOWER, S_MARK, S_MIDDLE_DOT, S_NUMBER,
    S_OPENS_ONLY, S_OWN, S_RARE, S_SIGN, S_SIGN_MARK, S_SPACE, S_SYMBOL, S_TRAILING, S_UPPER,
};
use super::{
    ByteView, Kind, Model, ACCENT_COST, ALL_CAPS_COST, BOUNDARY, CAPITAL_COST, CASE_PENALTY,
    FOREIGN_ASCII, GLUED_COST, LONE_CAPITAL_COST, LONE_LETTER_COST, LONE_LETTER_LANGUAGES, MARK,
    MARK_COST, PLACEHOLDER_CAPS_COST, SIGN_MARK, SYMBOL, SYMBOL_COST, SYMBOL_IN_WORD_COST,
    TANWIN_COST, UNKNOWN, UNKNOWN_COST, UPPER,
};

/// Marks a letter carries at most (Arabic shadda and a vowel, Hebrew
/// dagesh and a vowel, a Thai vowel and a tone): each further one costs
/// UNKNOWN_COST. Cyrillic text read as ISO-8859-6 is a few Arabic letters
/// under piles of marks ("исок" as "وّ َي", "قّْ ِ َ").
const MARKS_ON_A_LETTER: u8 = 2;

/// Set in [`ByteWalk`]'s `mark` when the last mark is a tanwin (see
/// TANWIN_COST): the walk's steps that are not marks test this one bit.
/// With the mark's kind tested at each step instead, the detector cost
/// 6.3% more instructions a round than before TANWIN_COST; so, 2.4%
/// (`detect_speed`, bench/RESULTS.md, session 13).
const AFTER_TANWIN: u8 = 0x80;

/// Whether a mark (`sign`: a script's sign read as one, see SIGN_MARK) of
/// kind `kind` ([`super::mark_kind`]) has room on its letter after `marks`
/// marks, the last of kind `last`. The second mark must be of another
/// kind: a Thai letter carries one vowel (ั ิ ี ึ ื above it, ุ ู below)
/// and one tone mark (่ ้ ๊ ๋) or ์, a Vietnamese one tone mark, a Hebrew
/// or Arabic one one vowel ([`vowel`]) and a dagesh or shadda. Cyrillic
/// and Arabic text read as
/// windows-874 stacked two vowels ("мет" as "มีิ", "انتشرا" as "วไสิั")
/// at MARK_COST each.
fn room_for_mark(sign: bool, kind: u8, marks: u8, last: u8) -> bool {
    match sign {
        true => marks == 0,
        false => marks == 0 || marks < MARKS_ON_A_LETTER && vowel(kind) != vowel(last),
    }
}

/// A mark's kind, with every vowel of a script one kind: each Hebrew
/// point and Arabic haraka has a canonical combining class of its own
/// (to keep their order), but a letter carries one vowel. Hebrew's vowel
/// points are classes 10-20 (its dagesh, meteg, rafe and shin dots
/// 21-25); Arabic's vowels, tanwins and sukun 27-32 and 34 (its shadda
/// 33). Bulgarian "блок" read as ISO-8859-6's "فًَي" stacked a tanwin
/// and a fatha for 3 bits each.
fn vowel(kind: u8) -> u8 {
    match kind {
        10..=20 => 10,
        27..=32 | 34 => 27,
        kind => kind,
    }
}

/// What a guillemet glued after a letter with none before it costs extra:
/// less than a sign inside a word, as a sample may start inside a quotation.
const UNQUOTED_COST: u32 = 4 * 4;

/// How one model reads each byte in one single-byte encoding: what a step
/// of the byte walk needs, worked out once per process.
pub(crate) struct ByteClasses {
    pub(super) step: [Step; 256],
    /// The class of "l" (see [`MIDDLE_DOT`]).
    l: u8,
    /// The class of "ا" (see TANWIN_COST).
    alif: u8,
    /// The least a high byte (0x80 less) costs as a step, whatever came
    /// before it: what a byte's count multiplies in [`Model::byte_bound`].
    least: [u8; 128],
    /// Which high bytes (0x80 less) read as a letter or a mark, and which
    /// as a sign that is no typography of every script (see
    /// [`super::foreign_cost`]), as bits.
    letters: [u64; 2],
    odd_signs: [u64; 2],
}

impl Model {
    /// Whether the model is a bigram model (which [`Model::byte_classes`]
    /// can read bytes with).
    pub fn is_bigram(&self) -> bool {
        matches!(self.kind, Kind::Bigram { .. })
    }

    /// The classes of each byte as `table` (bytes 0x80..=0xFF as code
    /// points) reads it, with the table's [`TableFlags`]; None for a model
    /// that is not a bigram model.
    pub fn byte_classes(&self, table: &[u32; 128], flags: &TableFlags) -> Option<ByteClasses> {
        let Kind::Bigram { map, markless, .. } = &self.kind else {
            return None;
        };
        let mut classes = ByteClasses {
            step: [Step::default(); 256],
            l: l_class(map, self.latin),
            alif: alif_class(map),
            least: [0; 128],
            letters: [0; 2],
            odd_signs: [0; 2],
        };
        let flags = flags.of_bytes(self.cyrillic);
        for b in 0..256usize {
            let cp = if b < 0x80 { b as u32 } else { table[b - 0x80] };
            let entry = super::entry(cp, map, self.latin);
            let kind = match entry {
                MARK | SIGN_MARK => super::mark_kind(cp),
                _ => 0,
            };
            classes.step[b] = Step::new(entry, flags[b], kind, *markless);
            let bit = 1 << (b & 63);
            if flags[b] & (ASCII | NOT_LETTER) == 0 {
                classes.letters[(b & 0x7F) >> 6] |= bit;
            } else if b >= 0x80 && !super::is_shared_typography(cp) {
                classes.odd_signs[(b & 0x7F) >> 6] |= bit;
            }
            let capital = entry & UPPER != 0 && entry & !UPPER > FOREIGN_ASCII;
            if self.cyrillic && capital {
                classes.step[b].bits |= S_CAPITAL;
            }
        }
        for (least, step) in classes.least.iter_mut().zip(&classes.step[0x80..]) {
            // A mark costs its own cost on a letter, more elsewhere.
            *least = match step.bits & S_MARK {
                0 => self.least[step.class as usize],
                _ => step.mark,
            };
        }
        Some(classes)
    }

    /// A lower bound of `byte_bigrams_cost` of a view with `counts` (how
    /// often each high byte, 0x80 less, is in it) read through `classes`:
    /// each high byte costs at least its least step, and nothing else costs
    /// less than nothing. Far cheaper than the walk: one term per byte value.
    pub fn byte_bound(&self, counts: &[(u8, u32)], classes: &ByteClasses) -> u32 {
        let least = &classes.least;
        counts
            .iter()
            .map(|&(h, n)| n * least[h as usize] as u32)
            .sum()
    }

    /// The cost of a byte sketch read through `classes` (made by this
    /// model): equal to `cost_of` the sketch of the decoded text, or once
    /// its bigrams alone cost more than `limit`, what they cost so far.
    #[cfg(test)]
    pub fn byte_cost(&self, view: ByteView, classes: &ByteClasses, limit: u32) -> u32 {
        self.byte_bigrams_cost(view, classes, limit) + self.foreign_cost(view, classes)
    }

    /// The bigrams' part of a byte sketch's cost, which depends
    /// on the view's characters alone; once it passes `limit`, what they
    /// cost so far.
    #[cfg(test)]
    pub fn byte_bigrams_cost(&self, view: ByteView, classes: &ByteClasses, limit: u32) -> u32 {
        self.byte_bigrams_from(view, classes, limit, &mut ByteWalk::default())
    }

    /// [`byte_bigrams_cost`](Self::byte_bigrams_cost) carried on from
    /// `walk`, where the same walk (candidate and model) stood after a
    /// prefix of `view`'s characters: equal to a walk from the start when
    /// `walk.total` is within `limit` (the total only grows, so a walk from
    /// the start would not have stopped before). Leaves `walk` at the end,
    /// or where it stopped.
    pub fn byte_bigrams_from(
        &self,
        view: ByteView,
        classes: &ByteClasses,
        limit: u32,
        walk: &mut ByteWalk,
    ) -> u32 {
        let Kind::Bigram { n, .. } = &self.kind else {
            unreachable!("byte classes exist only for bigram models")
        };
        byte_bigram_cost(
            view.bytes(),
            classes,
            (*n, &self.walk),
            self.latin,
            limit,
            walk,
        )
    }

    /// The rest of it: what a model of a non-Latin script charges for the
    /// ASCII letters of the whole text.
    pub fn foreign_cost(&self, view: ByteView, classes: &ByteClasses) -> u32 {
        if self.latin {
            return 0;
        }
        let any = |bits: [u64; 2]| (view.high[0] & bits[0]) | (view.high[1] & bits[1]) != 0;
        let explains = any(classes.letters) || !any(classes.odd_signs);
        super::foreign_cost(view.ascii_letters, view.non_ascii, explains)
    }

    /// Whether the model's language has no one-letter words, so that
    /// [`lone_cost`](Self::lone_cost) charges a letter standing alone.
    pub fn charges_lone_letters(&self) -> bool {
        LONE_LETTER_LANGUAGES.contains(&self.name)
    }

    /// What the model charges for the lone high bytes of a view (`lone`:
    /// each byte, 0x80 less, how often it stands alone, and how often of
    /// those mid-sentence) that `classes` reads as letters of its
    /// alphabet: LONE_CAPITAL_COST each capital mid-sentence, and
    /// LONE_LETTER_COST each letter in a language without one-letter words.
    pub fn lone_cost(&self, lone: &[(u8, u32, u32)], classes: &ByteClasses) -> u32 {
        let bits = |h: u8| classes.step[h as usize | 0x80].bits;
        let capital = |h: u8| bits(h) & (S_OWN | S_MARK | S_UPPER) == S_OWN | S_UPPER;
        let capitals = lone.iter().filter(|&&(h, _, _)| capital(h));
        let capitals = LONE_CAPITAL_COST * capitals.map(|&(_, _, mid)| mid).sum::<u32>();
        if !self.charges_lone_letters() {
            return capitals;
        }
        let letter = |h: u8| bits(h) & (S_OWN | S_MARK) == S_OWN;
        let lone = lone.iter().filter(|&&(h, _, _)| letter(h));
        capitals + LONE_LETTER_COST * lone.map(|&(_, n, _)| n).sum::<u32>()
    }
}

/// Where a byte walk stands: after `at` characters of a sketch, what it
/// costs so far and what the next step needs of the ones before.
#[derive(Clone, Copy)]
pub(crate) struct ByteWalk {
    pub at: usize,
    pub total: u32,
    prev: u8,
    prev_ascii: bool,
    prev_lower: bool,
    in_word: bool,
    quoted: bool,
    /// Marks since the last character that is not one (low byte, with
    /// [`AFTER_TANWIN`] when the last is a tanwin) and the last one's kind
    /// ([`super::mark_kind`], high byte): one register through the loop.
    mark: u16,
}

impl Default for ByteWalk {
    fn default() -> ByteWalk {
        ByteWalk {
            at: 0,
            total: 0,
            prev: BOUNDARY,
            prev_ascii: true,
            prev_lower: false,
            in_word: false,
            quoted: false,
            mark: 0,
        }
    }
}

/// The bigram cost of a byte sketch through its classes, stopping once it
/// passes `limit`: [`Walk`]'s charges with each byte's decisions taken
/// beforehand (its [`Step`]) and the fixed costs in the table (`costs`, from
/// `costs::walk_costs`), since this is the detector's hot loop. The test below
/// holds it to the decoded text's walk.
fn byte_bigram_cost(
    sketch: &[u8],
    cls: &ByteClasses,
    (n, costs): (usize, &[u8]),
    latin: bool,
    limit: u32,
    walk: &mut ByteWalk,
) -> u32 {
    const FOREIGN: usize = FOREIGN_ASCII as usize;
    let ByteWalk {
        mut at,
        mut total,
        prev,
        mut prev_ascii,
        mut prev_lower,
        mut in_word,
        mut quoted,
        mut mark,
    } = *walk;
    let mut prev = prev as usize;
    for &b in &sketch[at..] {
        at += 1;
        let s = cls.step[b as usize];
        if s.bits & S_MARK != 0 {
            // A mark belongs on a letter of the model's own script that
            // carries marks: a class after the mark step's `next`.
            let sign = s.bits & S_SIGN_MARK != 0;
            let count = mark as u8 & !AFTER_TANWIN;
            let room = room_for_mark(sign, s.kind, count, (mark >> 8) as u8);
            total += if prev > s.next as usize && room {
                s.mark as u32
            } else {
                UNKNOWN_COST as u32
            };
            let count = if sign {
                MARKS_ON_A_LETTER
            } else {
                count.saturating_add(1)
            };
            let tanwin = AFTER_TANWIN * u8::from(super::is_tanwin(s.kind));
            mark = (u16::from(s.kind) << 8) | u16::from(count | tanwin);
            prev_ascii = false;
        } else {
            if mark as u8 & AFTER_TANWIN != 0 {
                total += after_tanwin(s.bits & S_OWN != 0, s.class, cls.alif);
            }
            mark &= 0xFF00;
            if s.bits & S_ASCII == 0 || !prev_ascii {
                total += costs[prev * n + s.class as usize] as u32;
                let glued = prev == FOREIGN && s.bits & S_OWN != 0
                    || prev > FOREIGN && s.bits & S_FOREIGN != 0;
                // Most steps pay only their bigram: the rules below charge
                // a capital, a sign, a guillemet, a letter after a symbol
                // in a word, or one glued to another script's.
                if s.bits & S_RARE != 0 || in_word || !latin && glued {
                    let upper = s.bits & S_UPPER != 0;
                    let mut c = CASE_PENALTY * (upper && prev_lower) as u32;
                    if upper && s.bits & S_ASCII == 0 && one_capital(sketch, at - 1, cls) {
                        c += caps_cost(opened(sketch, at - 1, cls));
                    }
                    let capital = s.bits & S_CAPITAL != 0;
                    c += CAPITAL_COST * (capital && mid_sentence(sketch, at - 1, cls)) as u32;
                    c += GLUED_COST * (!latin && glued) as u32;
                    let letter = s.bits & (S_OWN | S_FOREIGN) != 0;
                    c += SYMBOL_IN_WORD_COST * (in_word && letter) as u32;
                    c += SYMBOL_IN_WORD_COST * (s.bits & S_SIGN != 0 && prev_lower) as u32;
                    let glued_after = s.bits & (S_NUMBER | S_OPENS_ONLY) != 0 && prev >= FOREIGN;
                    c += SYMBOL_IN_WORD_COST * glued_after as u32;
                    let guillemet = s.bits & S_GUILLEMET != 0;
                    c += UNQUOTED_COST * (guillemet && !quoted && prev >= FOREIGN) as u32;
                    quoted |= guillemet;
                    total += c;
                }
            }
            let dot = s.bits & S_MIDDLE_DOT != 0 && prev != cls.l as usize;
            in_word = (s.bits & S_SYMBOL != 0 || dot) && prev >= FOREIGN
                || s.bits & (S_NUMBER | S_TRAILING) != 0;
            prev = s.next as usize;
            prev_ascii = s.bits & S_ASCII != 0;
            prev_lower = s.bits & S_LOWER != 0;
        }
        if total > limit {
            break;
        }
    }
    *walk = ByteWalk {
        at,
        total,
        prev: prev as u8,
        prev_ascii,
        prev_lower,
        in_word,
        quoted,
        mark,
    };
    total
}

/// What a character of class `class` (`own`: a letter of the alphabet)
/// costs beside its bigram right after a tanwin: TANWIN_COST for a letter
/// of the alphabet but the alif (class `alif`). Both walks charge it here.
fn after_tanwin(own: bool, class: u8, alif: u8) -> u32 {
    TANWIN_COST * u32::from(own && class != alif)
}

/// Whether the step at `at` of `sketch` follows one capital of the
/// alphabet that is not ASCII (marks aside), as [`Walk`]'s `capitals` says:
/// looked back for at a capital, as `mid_sentence` is.
fn one_capital(sketch: &[u8], at: usize, cls: &ByteClasses) -> bool {
    let step = |i: usize| cls.step[sketch[i] as usize].bits;
    let capital = |i: usize| step(i) & (S_UPPER | S_OWN | S_ASCII) == S_UPPER | S_OWN;
    let last = |end: usize| (0..end).rev().find(|&i| step(i) & S_MARK == 0);
    last(at).is_some_and(|k| capital(k) && !last(k).is_some_and(capital))
}

/// Whether the one capital before the step at `at` of `sketch` (see
/// [`one_capital`]) follows a sign that opens a usage placeholder, as
/// [`Walk`]'s `opened` says: looked back for at a word's second capital
/// only (answered by `one_capital`'s scan at every capital, the detector
/// cost 0.5% to 1.8% more instructions a round, session 15).
fn opened(sketch: &[u8], at: usize, cls: &ByteClasses) -> bool {
    let step = |i: usize| cls.step[sketch[i] as usize].bits;
    let last = |end: usize| (0..end).rev().find(|&i| step(i) & S_MARK == 0);
    let before = last(at).and_then(last);
    before.is_some_and(|j| super::opens_placeholder(u32::from(sketch[j])))
}

/// What a word in capitals costs, charged at its second capital: less
/// after a sign that opens a usage placeholder (`opened`). Both walks
/// charge it here.
fn caps_cost(opened: bool) -> u32 {
    match opened {
        true => PLACEHOLDER_CAPS_COST,
        false => ALL_CAPS_COST,
    }
}

/// Whether the step at `at` of `sketch` comes mid-sentence, as
/// [`Walk`]'s `mid_sentence` says: looked back for at a capital (rare)
/// rather than carried through the hot loop. After a comma too: the sketch
/// keeps an ASCII run's two ends, so ", " reads alike in both sketches (the
/// bytes' and the decoded text's).
fn mid_sentence(sketch: &[u8], at: usize, cls: &ByteClasses) -> bool {
    let step = |i: usize| cls.step[sketch[i] as usize].bits;
    // The last step before `end` that is not a mark, and whether marks follow it.
    let last = |end: usize| {
        let k = (0..end).rev().find(|&i| step(i) & S_MARK == 0)?;
        Some((k, k + 1 < end))
    };
    // Whether the step at `j` follows a lowercase letter that is not ASCII.
    let after_letter = |j: usize| {
        last(j)
            .is_some_and(|(k, marked)| step(k) & S_LOWER != 0 && (marked || step(k) & S_ASCII == 0))
    };
    let Some((j, _)) = last(at) else {
        return false;
    };
    step(j) & S_SPACE != 0
        && (after_letter(j) || last(j).is_some_and(|(k, _)| sketch[k] == b',' && after_letter(k)))
}

/// A bigram model's walk over a text, one character (its class map entry
/// and flags) at a time: the one home of what a bigram model charges (the
/// byte walk, `byte_bigram_cost`, takes the same decisions per byte ahead
/// of time, and is tested against it).
pub(super) struct Walk<'a> {
    n: usize,
    costs: &'a [u8],
    /// The last class that carries no mark (see [`Kind::Bigram`]).
    markless: usize,
    latin: bool,
    /// Whether the alphabet is Cyrillic (see CAPITAL_COST).
    cyrillic: bool,
    /// The class of "l" (see [`MIDDLE_DOT`]).
    l: u8,
    /// The class of "ا" (see TANWIN_COST).
    alif: u8,
    pub total: u32,
    prev: usize,
    prev_ascii: bool,
    prev_lower: bool,
    /// How many capitals of the alphabet that are not ASCII the last
    /// characters are (see ALL_CAPS_COST).
    capitals: u8,
    /// Whether the last character before them (marks aside) opens a usage
    /// placeholder (see PLACEHOLDER_CAPS_COST).
    opened: bool,
    symbol_in_word: bool,
    /// Whether a guillemet came before.
    quoted: bool,
    /// Marks since the last character that is not one, and the last one's
    /// kind ([`super::mark_kind`]).
    marks: u8,
    mark_kind: u8,
    /// Whether the last two characters are a lowercase letter that is not
    /// ASCII and one space (so the sketch, which keeps every ASCII run of
    /// one character, tells it as the text does), or the last three such a
    /// letter, a comma and a space.
    mid_sentence: bool,
    /// Whether the last two characters are such a letter and a comma.
    after_comma: bool,
}

impl<'a> Walk<'a> {
    /// `letters`: the classes of "l" ([`l_class`]) and "ا" ([`alif_class`]).
    /// `script`: whether the alphabet is Latin, and whether it is Cyrillic.
    /// `markless`: the last class that carries no mark.
    pub fn new(
        (n, costs): (usize, &'a [u8]),
        script: (bool, bool),
        letters: (u8, u8),
        markless: u8,
    ) -> Walk<'a> {
        let (latin, cyrillic) = script;
        let (l, alif) = letters;
        Walk {
            n,
            costs,
            markless: markless as usize,
            latin,
            cyrillic,
            l,
            alif,
            total: 0,
            prev: BOUNDARY as usize,
            prev_ascii: true,
            prev_lower: false,
            capitals: 0,
            opened: false,
            symbol_in_word: false,
            quoted: false,
            marks: 0,
            mark_kind: 0,
            mid_sentence: false,
            after_comma: false,
        }
    }

    #[inline(always)]
    /// `cp`: the character (what kind of mark it is, if one).
    pub fn step(&mut self, entry: u8, flags: u16, cp: u32) {
        let ascii = flags & ASCII != 0;
        let prev = self.prev;
        if entry == MARK || entry == SIGN_MARK {
            // A mark belongs on a letter of the model's own script that
            // carries marks; a script's sign on a bare one, and closes it.
            let on_letter = prev > self.markless;
            let mark = if flags & ACCENT != 0 {
                ACCENT_COST
            } else {
                MARK_COST
            };
            let sign = entry == SIGN_MARK;
            let kind = super::mark_kind(cp);
            let room = room_for_mark(sign, kind, self.marks, self.mark_kind);
            self.total += if on_letter && room {
                mark
            } else {
                UNKNOWN_COST as u32
            };
            self.marks = if sign {
                MARKS_ON_A_LETTER
            } else {
                self.marks.saturating_add(1)
            };
            self.mark_kind = kind;
            self.prev_ascii = false;
            return;
        }
        let class = (entry & !UPPER) as usize;
        let upper = entry & UPPER != 0;
        // A tanwin ends its word.
        let own = |c: usize| c > FOREIGN_ASCII as usize;
        if self.marks > 0 && super::is_tanwin(self.mark_kind) {
            self.total += after_tanwin(own(class), class as u8, self.alif);
        }
        self.marks = 0;
        if !(ascii && self.prev_ascii) {
            self.total += match class as u8 {
                UNKNOWN => UNKNOWN_COST,
                SYMBOL => SYMBOL_COST,
                // Training words never hold two boundaries in a row; text does.
                BOUNDARY if prev == BOUNDARY as usize => 0,
                _ => self.costs[prev * self.n + class],
            } as u32;
            if upper && self.prev_lower {
                self.total += CASE_PENALTY;
            }
            // A word in capitals, charged once, at its second capital.
            if upper && !ascii && self.capitals == 1 {
                self.total += caps_cost(self.opened);
            }
            // A capital mid-sentence: a name, or another encoding's sign.
            if self.cyrillic && upper && own(class) && self.mid_sentence {
                self.total += CAPITAL_COST;
            }
            let foreign = |c: usize| c == FOREIGN_ASCII as usize;
            if !self.latin && (foreign(prev) && own(class) || own(prev) && foreign(class)) {
                self.total += GLUED_COST;
            }
            if self.symbol_in_word && class >= FOREIGN_ASCII as usize {
                self.total += SYMBOL_IN_WORD_COST;
            }
            // Signs that follow numbers, not letters ("mog±", "hµadania").
            if flags & SIGN != 0 && self.prev_lower {
                self.total += SYMBOL_IN_WORD_COST;
            }
            // A number sign, or a sign that only opens, glued after a letter;
            // a number sign before a letter is charged at the letter, as a
            // symbol inside a word is.
            if flags & (NUMBER_SIGN | OPENS_ONLY) != 0 && prev >= FOREIGN_ASCII as usize {
                self.total += SYMBOL_IN_WORD_COST;
            }
            // A guillemet glued after a letter closes what another opened.
            let guillemet = flags & GUILLEMET != 0;
            if guillemet && !self.quoted && prev >= FOREIGN_ASCII as usize {
                self.total += UNQUOTED_COST;
            }
            self.quoted |= guillemet;
        }
        let dot = flags & MIDDLE_DOT != 0 && prev != self.l as usize;
        self.symbol_in_word = (class == SYMBOL as usize || flags & NOT_LETTER != 0)
            && prev >= FOREIGN_ASCII as usize
            && (flags & IN_WORD == 0 || dot)
            || flags & (NUMBER_SIGN | TRAILING) != 0;
        // After an unknown character or a symbol, carry on as after a boundary.
        self.prev = if class as u8 == UNKNOWN || class as u8 == SYMBOL {
            BOUNDARY as usize
        } else {
            class
        };
        let after_letter = self.prev_lower && !self.prev_ascii;
        self.mid_sentence = flags & SPACE != 0 && (after_letter || self.after_comma);
        self.after_comma = flags & COMMA != 0 && after_letter;
        self.prev_ascii = ascii;
        self.prev_lower = class >= FOREIGN_ASCII as usize && !upper;
        let capital = upper && class > FOREIGN_ASCII as usize && !ascii;
        if !capital {
            self.opened = super::opens_placeholder(cp);
        }
        self.capitals = match capital {
            true => self.capitals.saturating_add(1),
            false => 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::flags::flags;
    use super::super::{models, ByteSketch, Sketch};
    use super::*;

    /// The decoded text's walk (the reference), stopped once it passes `limit`.
    fn text_walk(model: &Model, text: &str, limit: u32) -> u32 {
        let Kind::Bigram {
            n,
            costs,
            map,
            markless,
        } = &model.kind
        else {
            unreachable!("a bigram model")
        };
        let script = (model.latin, model.cyrillic);
        let letters = (l_class(map, model.latin), alif_class(map));
        let mut walk = Walk::new((*n, costs), script, letters, *markless);
        for c in text.chars() {
            walk.step(
                super::super::entry(c as u32, map, model.latin),
                flags(c as u32, model.cyrillic),
                c as u32,
            );
            if walk.total > limit {
                break;
            }
        }
        walk.total
    }

    /// Every byte table of the single-byte candidates against every model:
    /// the byte sketch scores exactly as the decoded text's sketch does.
    #[test]
    fn bytes_score_like_the_decoded_text() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"Die \xc4quatorebene \xbb\xe4\xb1 \x80 caf\xe9\xe9 x\xb7y \x92s".to_vec(),
            b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! Hello \xcc\xe0\xf0\xf1-2".to_vec(),
            b"\xe9".to_vec(),
            b"a\xe9b c\xe9\xe9 d".to_vec(),
            b"col\xb7lecci\xf3 Adem\xb7s nou\xe3 nou\x84, \xa1Hola! je\xbf".to_vec(),
            b"\xea\xf3\xed\xea\xe0, \xdf\xea\xe8 \xe0 \xc0\xc1, x \xc0. \xdf\x92".to_vec(),
            b"\xe0, ab \xdf \xe0,  \xdf \xe0,\xdf \xe0 , \xdf\xe0,\n\xc0".to_vec(),
            // Words in capitals after signs that open placeholders, marks
            // between (windows-1258's 0xCC, 0xEC).
            b"[\xc0\xc1] =\xc0\xc1 _\xc0\xcc\xc1 [\xc0\xec\xc1 x\xc0\xc1 <\xc0\xc1>".to_vec(),
            // Thai: two vowels on a letter, a vowel and ์, a vowel and a tone.
            b"\xc1\xd5\xd4 \xca\xd4\xb7\xb8\xd4\xec \xb7\xd5\xe8".to_vec(),
            // Thai: marks on its vowel letters (า ู, เ ่), which carry none,
            // and on a consonant after one (ไม่).
            b"\xd2\xd9 \xe0\xe8\xc1 \xe4\xc1\xe8".to_vec(),
            // Arabic: tanwins inside a word, before an alif, at its end
            // (ISO-8859-6's 0xEB-0xED, windows-1256's 0xF0-0xF2); Hebrew's
            // sof pasuq and maqaf (windows-1255's 0xD3, 0xCE).
            b"\xc8\xc7\xed\xca \xd4\xeb\xc7 \xe3\xec\xe4 \xd4\xf0\xc7 \xc8\xf2\xca \xe5\xd3\xe2 \xe1\xce5".to_vec(),
            // Word-final forms inside a word, before a sign and a letter,
            // under a mark (windows-1253's ς 0xF2, windows-1255's ם 0xED).
            b"\xf3\xe9\xf2\xe5 \xf2a \xf2\xb4x \xed\xc8\xe0 \xed\xe0 \xed.".to_vec(),
        ];
        // Pseudo-random bytes, ASCII-heavy and not.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for len in [10usize, 50, 300, 1000] {
            for high in [8u64, 2] {
                let v = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let b = (x >> 24) as u8;
                        if x.is_multiple_of(high) {
                            b | 0x80
                        } else {
                            b" etaoinshrdluETAO.,'"[(b % 20) as usize]
                        }
                    })
                    .collect();
                inputs.push(v);
            }
        }
        let mut checked = 0;
        for enc in crate::codec::Encoding::all() {
            let Some(table) = crate::detect::stats::byte_table(enc) else {
                continue;
            };
            for input in &inputs {
                if input
                    .iter()
                    .any(|&b| b >= 0x80 && table[b as usize - 0x80] == 0)
                {
                    continue;
                }
                let text: String = input
                    .iter()
                    .map(|&b| match b {
                        0..0x80 => b as char,
                        _ => char::from_u32(table[b as usize - 0x80]).unwrap(),
                    })
                    .collect();
                let (sketch, bytes) = (Sketch::new(&text), ByteSketch::new(input));
                let flags = TableFlags::of(table);
                for model in models() {
                    let Some(classes) = model.byte_classes(table, &flags) else {
                        continue;
                    };
                    let view = bytes.view(usize::MAX);
                    assert_eq!(
                        model.byte_cost(view, &classes, u32::MAX),
                        model.cost_of(&sketch),
                        "{} {} {input:?}",
                        enc.name(),
                        model.name
                    );
                    let head = sketch.head(7);
                    assert_eq!(
                        model.byte_cost(bytes.view(7), &classes, u32::MAX),
                        model.cost_of(&head)
                    );
                    // The bound from byte counts is one.
                    let mut counts = [0u32; 128];
                    for &b in input.iter().filter(|&&b| b >= 0x80) {
                        counts[b as usize - 0x80] += 1;
                    }
                    let counts: Vec<(u8, u32)> = (0..128u8)
                        .map(|h| (h, counts[h as usize]))
                        .filter(|&(_, n)| n > 0)
                        .collect();
                    let exact = model.byte_bigrams_cost(view, &classes, u32::MAX);
                    assert!(model.byte_bound(&counts, &classes) <= exact);
                    // Cut short where the text's walk is.
                    for limit in [0, 40, 300] {
                        assert_eq!(
                            model.byte_bigrams_cost(view, &classes, limit),
                            text_walk(model, &sketch.text, limit),
                            "{} {} {limit}",
                            enc.name(),
                            model.name
                        );
                    }
                    // Carried on from a walk over a head of the view,
                    // where that walk did not stop: the same as from the start.
                    for (chars, limit) in [(7, u32::MAX), (20, 300), (1, 40)] {
                        let mut walk = ByteWalk::default();
                        let head = bytes.view(chars);
                        let before = model.byte_bigrams_from(head, &classes, limit, &mut walk);
                        if before <= limit {
                            assert_eq!(walk.at, head.bytes().len());
                            assert_eq!(
                                model.byte_bigrams_from(view, &classes, limit, &mut walk),
                                model.byte_bigrams_cost(view, &classes, limit),
                            );
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}

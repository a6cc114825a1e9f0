#!/usr/bin/env python3
"""Build the statistical detector's language models (indexes/detect/models.bin).

Usage (offline once the inputs are on the machine):
    apt-get install unicode-data      # Unihan_Variants, for Simplified Chinese
    python3 indexes/detect/generate.py

Training data (never ../shared/corpus or any other evaluation text):
- crates.io `lingua-<language>-language-model` 1.0.0 by Peter M. Stahl
  (Apache-2.0; from the Leipzig Corpora Collection): character unigram and
  bigram frequencies, and trigram ones for the word-start rows. Fetched with `cargo fetch` into a throwaway project
  (nothing is added to wenc's own Cargo.toml) and read from cargo's registry.
- Unicode's Unihan_Variants.txt (kSimplifiedVariant; Unicode License v3),
  from Debian's `unicode-data`: lingua's Chinese model is Traditional, and
  its frequencies are moved onto the Simplified forms for the GBK model.

Output format (little-endian), read by src/detect/stats/model.rs:
    b"WDM4", u8 model count, then per model:
    u8 name length, name (ASCII), u8 kind
    kind 0 (bigram):  u8 length in bytes, the alphabet's n letters in UTF-8
                      (lowercase; first the m letters that carry no mark,
                      then the rest, each group by frequency), u8 m, then
                      (n+4)^2 u8 costs,
                      row = previous class, column = next class; classes
                      0 boundary, 1 unknown, 2 typographic symbol, 3 ASCII
                      letter outside the alphabet, 4+i alphabet letter i.
                      Then the word-start rows: u8 row count, and per row
                      u8 first letter (alphabet index), i8 cost of a
                      second letter not listed, u8 k, k pairs (u8 second
                      letter's alphabet index, i8 cost): what a word's first
                      two letters cost beside their bigrams (START_LANGS),
                      in quarter bits, less than nothing for the likely ones.
    kind 1 (unigram): u16 n, then the n entries by code point in three
                      runs: n u8 costs; n u8 steps, each entry's code point
                      minus the one before (0 before the first), 0 where
                      that is not in 1..255; then a u24 code point for each
                      step that is 0, in order. About 2 bytes an entry
                      where a u24 took 4 (issue 22, binary size).
A cost is -log2(probability) in quarter bits, clamped to 1..255.
"""
import bz2
import collections
import glob
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
LINGUA_VERSION = "1.0.0"
UNIHAN = "/usr/share/unicode/Unihan_Variants.txt.bz2"

# model name -> lingua language; Latin, Cyrillic, Greek, Hebrew, Arabic, Thai.
BIGRAM_LANGS = {
    "en": "english", "de": "german", "fr": "french", "es": "spanish",
    "it": "italian", "pt": "portuguese", "nl": "dutch", "sv": "swedish",
    "da": "danish", "nb": "bokmal", "fi": "finnish", "is": "icelandic",
    "ca": "catalan", "cs": "czech", "pl": "polish", "hu": "hungarian",
    "sk": "slovak", "sl": "slovene", "hr": "croatian", "ro": "romanian",
    "lt": "lithuanian", "lv": "latvian", "tr": "turkish", "vi": "vietnamese",
    "ru": "russian", "uk": "ukrainian", "bg": "bulgarian", "mk": "macedonian",
    "el": "greek", "he": "hebrew", "ar": "arabic", "fa": "persian",
    "et": "estonian", "th": "thai",
}
# model name -> (lingua language, how many characters to keep)
UNIGRAM_LANGS = {
    "ja": ("japanese", 3000), "zh_cn": ("chinese", 3000),
    "zh_tw": ("chinese", 3000), "ko": ("korean", 2350),
}
MAX_ALPHABET = 60
# A letter used at least once in RARE letters is in its language's alphabet
# and scored by its own counts; rarer ones are "unknown" (18 bits). At
# 1/20000 Estonian's ž (1/26000) was unknown like þ (1/240000), and
# Estonian "režiim" in windows-1257 tied with windows-1252's "reþiim".
RARE = 100000
CLASSES = 4
# Letters the detector reads as another (src/detect/stats/model.rs
# fold_variant): counted under that one here too.
FOLD = {"ş": "ș", "ţ": "ț", "ß": "s", "ς": "σ"}


def cost(p):
    return max(1, min(255, round(-math.log2(p) * 4)))


def script_ok(lang, ch):
    """Keeps a language's alphabet to its own script (plus ASCII for Latin)."""
    name = unicodedata.name(ch, "")
    if lang in ("ru", "uk", "bg", "mk"):
        return "CYRILLIC" in name
    if lang == "el":
        return "GREEK" in name
    if lang == "he":
        return "HEBREW" in name
    if lang in ("ar", "fa"):
        return "ARABIC" in name
    if lang == "th":
        return "THAI" in name
    return "LATIN" in name


def pick_alphabet(lang, uni):
    """The language's own letters (ASCII ones only for Latin scripts) that make
    up at least 1/RARE of its letters, most frequent first."""
    total = sum(uni.values())
    latin = script_ok(lang, "a")
    ranked = sorted(uni.items(), key=lambda x: -x[1])
    keep = [c for c, w in ranked if w >= total / RARE and script_ok(lang, c) and (latin or not c.isascii())]
    keep = keep[:MAX_ALPHABET]
    return [c for c in keep if carries_no_mark(c)] + [c for c in keep if not carries_no_mark(c)]


def carries_no_mark(c):
    """Whether a letter carries no combining mark: Thai's vowel letters and
    signs (ฯ ะ า ำ เ แ โ ใ ไ ๅ ๆ, U+0E2F..U+0E46 beside its marks), as its
    vowel and tone marks stand on its consonants (U+0E01..U+0E2E) only.
    The detector charges a mark on one as a mark on nothing: KOI8-R's "ры"
    is windows-874's "าู". They come first in the alphabet, so that one
    class number tells them from the letters that carry marks."""
    return "\u0e2f" <= c <= "\u0e46"


def costs_from_pairs(alphabet, pairs):
    index = {c: i + CLASSES for i, c in enumerate(alphabet)}

    def cls(c):
        if c is None:
            return 0
        if c in index:
            return index[c]
        return 3 if c.isascii() else 1

    n = len(alphabet) + CLASSES
    counts = [[0.0] * n for _ in range(n)]
    for (a, b), w in pairs.items():
        counts[cls(a)][cls(b)] += w
    total = sum(map(sum, counts)) or 1.0
    out = bytearray()
    for row in counts:
        # Scale to about ten million observations, then add-half smoothing.
        scaled = [c * 1e7 / total for c in row]
        denom = sum(scaled) + 0.5 * n
        out += bytes(cost((c + 0.5) / denom) for c in scaled)
    return out


def lingua_dir():
    """language -> the models folder of its lingua crate (fetched if absent)."""
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    pattern = home + "/registry/src/*/lingua-{}-language-model-" + LINGUA_VERSION + "/models"
    wanted = sorted({*BIGRAM_LANGS.values(), *(v for v, _ in UNIGRAM_LANGS.values())})
    if any(not glob.glob(pattern.format(name)) for name in wanted):
        tmp = tempfile.mkdtemp()
        deps = "\n".join(f'lingua-{v}-language-model = "={LINGUA_VERSION}"' for v in wanted)
        with open(os.path.join(tmp, "Cargo.toml"), "w") as f:
            f.write(f'[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n{deps}\n')
        os.mkdir(os.path.join(tmp, "src"))
        with open(os.path.join(tmp, "src", "main.rs"), "w") as f:
            f.write("fn main() {}\n")
        subprocess.run(["cargo", "fetch", "--quiet"], cwd=tmp, check=True)
    return lambda name: glob.glob(pattern.format(name))[0]


def lingua_ngrams(models, kind):
    with zipfile.ZipFile(os.path.join(models, f"{kind}.json.zip")) as z:
        data = json.loads(z.read(z.namelist()[0]))
    out = collections.Counter()
    for frac, grams in data["ngrams"].items():
        num, den = frac.split("/")
        for g in grams.split(" "):
            out["".join(FOLD.get(c, c) for c in g)] += int(num) / int(den)
    return out


# Models that charge a word's first two letters beside their bigrams, from
# lingua's trigrams: Arabic's article (ال) is most of its words' starts,
# and ISO-8859-6's ال is windows-1256's ان. START_ROWS first letters
# (those whose starts tell most), each with its START_PAIRS likeliest
# second letters and one cost for the rest.
START_LANGS = {"ar", "fa"}
START_ROWS = 8
START_PAIRS = 8


def start_rows(alphabet, uni, bi, models):
    """For the first letters a most words start with: how much more (in
    quarter bits; less for the likely ones) each second letter b costs
    after a at a word's start than the bigram P(b | a) says. A word's
    start is what the trigrams do not explain: count(ab) less the sum over
    x of count(xab)."""
    tri = lingua_ngrams(models, "trigrams")
    index = {c: i for i, c in enumerate(alphabet)}
    inner = collections.Counter()
    for g, p in tri.items():
        inner[g[1:]] += uni.get(g[0], 0) * bi.get(g[:2], 0) * p
    starts = collections.Counter()
    for g, p in bi.items():
        if g[0] in index and g[1] in index:
            starts[g] = max(0.0, uni.get(g[0], 0) * p - inner[g])
    by_first = collections.Counter()
    for g, w in starts.items():
        by_first[g[0]] += w
    # How much a row tells: its starts' weight times how far they are
    # from the bigrams (Kullback-Leibler divergence, in bits).
    told = collections.Counter()
    for g, w in starts.items():
        if w > 0:
            told[g[0]] += w * (math.log2(w / by_first[g[0]]) - math.log2(bi[g]))
    rows = []
    for a, _ in told.most_common(START_ROWS):
        total = by_first[a]
        ranked = sorted((g for g in starts if g[0] == a), key=lambda g: -starts[g])[:START_PAIRS]
        listed = {g: math.log2(bi[g]) - math.log2(starts[g] / total) for g in ranked}
        rest_start = 1.0 - sum(starts[g] for g in ranked) / total
        rest_bigram = sum(p for g, p in bi.items() if g[0] == a and g not in listed)
        rest = math.log2(rest_bigram) - math.log2(max(rest_start, 1e-6))
        charge = lambda bits: max(-128, min(127, round(bits * 4))) & 0xFF
        pairs = [(index[g[1]], charge(d)) for g, d in listed.items()]
        rows.append((index[a], charge(rest), pairs))
    return rows


def lingua_model(lang, models):
    """Lingua stores P(a) and P(b | a) inside words; boundaries get P(a) alone."""
    uni = lingua_ngrams(models, "unigrams")
    bi = lingua_ngrams(models, "bigrams")
    alphabet = pick_alphabet(lang, uni)
    pairs = collections.Counter()
    for g, p in bi.items():
        pairs[(g[0], g[1])] += uni.get(g[0], 0) * p
    start, end = boundaries(uni, bi)
    for c, p in uni.items():
        pairs[(None, c)] += p * start[c]
        pairs[(c, None)] += p * end[c]
    rows = start_rows(alphabet, uni, bi, models) if lang in START_LANGS else []
    return alphabet, costs_from_pairs(alphabet, pairs), rows


# Half counted: the counts alone cost UI strings 2.7 points at 10
# characters; half counted is better than the flat guess on the training
# halves of both the UI strings and Wikipedia (bench/RESULTS.md).
COUNTED = 0.5
WORD_LEN = 6.0


def boundaries(uni, bi):
    """How often each letter starts and ends a word. Lingua's P(b | a) has
    all of a's occurrences in its denominator, so 1 - sum_b P(b | a) is the
    share of a's that end a word, and P(c) - sum_x P(x) P(c | x) the share of
    c's that start one. These are mixed with a flat guess (a boundary every
    WORD_LEN letters; COUNTED of the counted share): text that glues letters
    to signs and cuts words (UI strings: "%s", "&File") must not find a
    letter that "never" ends a word charged tens of bits."""
    follows = collections.Counter()
    preceded = collections.Counter()
    for g, p in bi.items():
        follows[g[0]] += p
        preceded[g[1]] += uni.get(g[0], 0) * p
    start, end = {}, {}
    for c, p in uni.items():
        counted_end = min(1.0, max(0.0, 1.0 - follows[c]))
        counted_start = min(1.0, max(0.0, 1.0 - preceded[c] / p)) if p > 0 else 0.0
        end[c] = COUNTED * counted_end + (1 - COUNTED) / WORD_LEN
        start[c] = COUNTED * counted_start + (1 - COUNTED) / WORD_LEN
    return start, end


def unigram_model(name, models, keep):
    counts = collections.Counter()
    for c, p in lingua_ngrams(models, "unigrams").items():
        if ord(c) > 0x7F and c.isalpha():
            counts[c] += p
    if name == "zh_cn":
        counts = simplified(counts)
    total = sum(counts.values())
    top = counts.most_common(keep)
    return sorted((ord(c), cost(w / total)) for c, w in top)


def simplified(counts):
    """Traditional frequencies onto Simplified characters (Unihan's
    kSimplifiedVariant; a character without one is written the same)."""
    simp = {}
    with bz2.open(UNIHAN, "rt", encoding="utf-8") as f:
        for line in f:
            if "\tkSimplifiedVariant\t" in line:
                cp, _, targets = line.rstrip("\n").split("\t")
                simp[chr(int(cp[2:], 16))] = [chr(int(t[2:], 16)) for t in targets.split()]
    out = collections.Counter()
    for c, w in counts.items():
        targets = simp.get(c, [c])
        for t in targets:
            out[t] += w / len(targets)
    return out


def main():
    find = lingua_dir()
    models = []
    for name, lang in BIGRAM_LANGS.items():
        models.append((name, 0, lingua_model(name, find(lang))))
    for name, (lang, keep) in UNIGRAM_LANGS.items():
        models.append((name, 1, unigram_model(name, find(lang), keep)))
    out = bytearray(b"WDM4") + bytes([len(models)])
    for name, kind, model in models:
        out += bytes([len(name)]) + name.encode() + bytes([kind])
        if kind == 0:
            alphabet, costs, rows = model
            letters = "".join(alphabet).encode()
            out += bytes([len(letters)]) + letters
            out += bytes([sum(map(carries_no_mark, alphabet))])
            out += costs
            out += bytes([len(rows)])
            for first, rest, pairs in rows:
                out += bytes([first, rest, len(pairs)])
                for second, charge in pairs:
                    out += bytes([second, charge])
                print(f"{name}: word start {alphabet[first]}: rest {rest - (rest > 127) * 256}, "
                      + " ".join(f"{alphabet[b]}{c - (c > 127) * 256}" for b, c in pairs), file=sys.stderr)
        else:
            out += struct.pack("<H", len(model))
            code_points = [cp for cp, _ in model]
            steps = [cp - before for cp, before in zip(code_points, [0] + code_points)]
            out += bytes(c for _, c in model)
            out += bytes(step if 0 < step < 256 else 0 for step in steps)
            for cp, step in zip(code_points, steps):
                if not 0 < step < 256:
                    out += struct.pack("<I", cp)[:3]
        print(f"{name}: {'bigram' if kind == 0 else 'unigram'} {len(model[0]) if kind == 0 else len(model)}",
              file=sys.stderr)
    with open(os.path.join(HERE, "models.bin"), "wb") as f:
        f.write(out)
    print(f"models.bin: {len(out)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()

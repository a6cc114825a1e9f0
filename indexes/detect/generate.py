#!/usr/bin/env python3
"""Build the statistical detector's language models (indexes/detect/models.bin).

Usage:
    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python indexes/detect/generate.py

Training text (never ../shared/corpus, which is the evaluation text):
- PyPI `wordfreq` 3.1.1 (code Apache-2.0, data CC BY-SA 4.0): word frequencies.
  Character n-grams are counted over each word with a boundary on both sides,
  weighted by the word's frequency.
- crates.io `lingua-estonian-language-model` and `lingua-thai-language-model`
  1.0.0 (Apache-2.0): character unigram and bigram frequencies, for the two
  languages wordfreq lacks. Fetched here with `cargo fetch` into a throwaway
  project.

Output format (little-endian), read by src/detect/stats/model.rs:
    b"WDM1", u8 model count, then per model:
    u8 name length, name (ASCII), u8 kind
    kind 0 (bigram):  u8 n, n x u32 alphabet code points (lowercase, by
                      frequency), then (n+4)^2 u8 costs, row = previous class,
                      column = next class; classes 0 boundary, 1 unknown,
                      2 typographic symbol, 3 ASCII letter outside the
                      alphabet, 4+i alphabet letter i.
    kind 1 (unigram): u16 n, n x (u8 cost, u24 code point), by code point.
A cost is -log2(probability) in quarter bits, clamped to 1..255.
"""
import collections
import glob
import gzip
import io
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

# name -> wordfreq code; Latin, Cyrillic, Greek, Hebrew, Arabic scripts.
BIGRAM_LANGS = {
    "en": "en", "de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt",
    "nl": "nl", "sv": "sv", "da": "da", "nb": "nb", "fi": "fi", "is": "is",
    "ca": "ca", "cs": "cs", "pl": "pl", "hu": "hu", "sk": "sk", "sl": "sl",
    "hr": "sh", "ro": "ro", "lt": "lt", "lv": "lv", "tr": "tr", "vi": "vi",
    "ru": "ru", "uk": "uk", "bg": "bg", "mk": "mk", "el": "el", "he": "he",
    "ar": "ar", "fa": "fa",
}
LINGUA_LANGS = {"et": "estonian", "th": "thai"}
# name -> (wordfreq code, how many characters to keep)
UNIGRAM_LANGS = {"ja": ("ja", 3000), "zh_cn": ("zh", 3000), "zh_tw": ("zh", 3000), "ko": ("ko", 2350)}
MAX_ALPHABET = 60
WORDS = 60000
CLASSES = 4


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


def word_counts(code):
    """The WORDS most frequent words and their frequencies, read from wordfreq's
    own list of centibel buckets (no tokenizer needed)."""
    import wordfreq
    n = 0
    for bucket, words in enumerate(wordfreq.get_frequency_list(code)):
        for word in words:
            if n >= WORDS:
                return
            n += 1
            yield word, 10 ** (-bucket / 100)


def bigram_model_from_words(lang, words):
    """words: iterable of (word, weight). Returns (alphabet, costs)."""
    uni = collections.Counter()
    pairs = collections.Counter()
    for word, weight in words:
        chars = [c for c in word.lower() if c.isalpha() or unicodedata.category(c) == "Mn"]
        if not chars:
            continue
        for c in chars:
            uni[c] += weight
        seq = [None] + chars + [None]
        for a, b in zip(seq, seq[1:]):
            pairs[(a, b)] += weight
    return pick_alphabet(lang, uni), costs_from_pairs(pick_alphabet(lang, uni), pairs)


def pick_alphabet(lang, uni):
    """The language's own letters (ASCII ones only for Latin scripts) that make
    up at least 1/20000 of its letters, most frequent first."""
    total = sum(uni.values())
    latin = script_ok(lang, "a")
    ranked = sorted(uni.items(), key=lambda x: -x[1])
    keep = [c for c, w in ranked if w >= total / 20000 and script_ok(lang, c) and (latin or not c.isascii())]
    return keep[:MAX_ALPHABET]


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
    tmp = tempfile.mkdtemp()
    deps = "\n".join(f'lingua-{v}-language-model = "=1.0.0"' for v in LINGUA_LANGS.values())
    with open(os.path.join(tmp, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n{deps}\n')
    os.mkdir(os.path.join(tmp, "src"))
    with open(os.path.join(tmp, "src", "main.rs"), "w") as f:
        f.write("fn main() {}\n")
    subprocess.run(["cargo", "fetch", "--quiet"], cwd=tmp, check=True)
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    return lambda name: glob.glob(f"{home}/registry/src/*/lingua-{name}-language-model-1.0.0/models")[0]


def lingua_ngrams(models, kind):
    with zipfile.ZipFile(os.path.join(models, f"{kind}.json.zip")) as z:
        data = json.loads(z.read(z.namelist()[0]))
    out = {}
    for frac, grams in data["ngrams"].items():
        num, den = frac.split("/")
        for g in grams.split(" "):
            out[g] = int(num) / int(den)
    return out


def lingua_model(lang, models):
    """Lingua stores P(a) and P(b | a) inside words; boundaries get P(a) alone."""
    uni = lingua_ngrams(models, "unigrams")
    bi = lingua_ngrams(models, "bigrams")
    alphabet = pick_alphabet(lang, uni)
    pairs = collections.Counter()
    word_len = 6.0  # a word boundary about every six letters
    for g, p in bi.items():
        pairs[(g[0], g[1])] += uni.get(g[0], 0) * p
    for c, p in uni.items():
        pairs[(None, c)] += p / word_len
        pairs[(c, None)] += p / word_len
    return alphabet, costs_from_pairs(alphabet, pairs)


def unigram_model(name, code, keep):
    counts = collections.Counter()
    for word, w in word_counts(code):
        for c in word:
            if ord(c) > 0x7F and c.isalpha():
                counts[c] += w
    if name == "zh_tw":
        counts = traditional(counts)
    total = sum(counts.values())
    top = counts.most_common(keep)
    return sorted((ord(c), cost(w / total)) for c, w in top)


def traditional(counts):
    """wordfreq folds Chinese to Simplified; spread each count over the
    Traditional characters that fold to it (from wordfreq's own mapping)."""
    import msgpack
    import wordfreq
    path = os.path.join(os.path.dirname(wordfreq.__file__), "data", "_chinese_mapping.msgpack.gz")
    with gzip.open(path) as f:
        fold = msgpack.load(f, raw=False, strict_map_key=False)
    unfold = collections.defaultdict(list)
    for trad, simp in fold.items():
        if len(simp) == 1 and chr(trad) != simp:
            unfold[simp].append(chr(trad))
    out = collections.Counter()
    for c, w in counts.items():
        if c in unfold:
            for t in unfold[c]:
                out[t] += w / len(unfold[c])
            out[c] += w * 0.05
        else:
            out[c] += w
    return out


def main():
    models = []
    for name, code in BIGRAM_LANGS.items():
        models.append((name, 0, bigram_model_from_words(name, word_counts(code))))
    find = lingua_dir()
    for name, crate in LINGUA_LANGS.items():
        models.append((name, 0, lingua_model(name, find(crate))))
    for name, (code, keep) in UNIGRAM_LANGS.items():
        models.append((name, 1, unigram_model(name, code, keep)))
    out = bytearray(b"WDM1") + bytes([len(models)])
    for name, kind, model in models:
        out += bytes([len(name)]) + name.encode() + bytes([kind])
        if kind == 0:
            alphabet, costs = model
            out += bytes([len(alphabet)])
            for c in alphabet:
                out += struct.pack("<I", ord(c))
            out += costs
        else:
            out += struct.pack("<H", len(model))
            for cp, c in model:
                out += bytes([c]) + struct.pack("<I", cp)[:3]
        print(f"{name}: {'bigram' if kind == 0 else 'unigram'} {len(model[0]) if kind == 0 else len(model)}",
              file=sys.stderr)
    with open(os.path.join(HERE, "models.bin"), "wb") as f:
        f.write(out)
    print(f"models.bin: {len(out)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()

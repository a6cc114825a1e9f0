#!/usr/bin/env python3
"""Accuracy of other detectors on the samples detect_eval dumps.

    cargo run --release --example detect_eval -- --dump /tmp/samples.tsv
    python3 bench/detect_others.py /tmp/samples.tsv

Runs Python's chardet (pip install chardet) and Debian's uchardet (apt-get
install uchardet) when present, and prints the same macro tables as
detect_eval. A guess is right when decoding with it gives the same text as
decoding with the true encoding; guesses are resolved through the WHATWG
labels (indexes/encodings.txt) and decoded with Python's nearest codec.
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LENGTHS = [10, 20, 50, 100, 300, 1000]

# WHATWG name -> Python codec that decodes (nearly) like it.
PY_CODEC = {
    "UTF-8": "utf-8", "IBM866": "cp866", "ISO-8859-2": "iso8859_2", "ISO-8859-3": "iso8859_3",
    "ISO-8859-4": "iso8859_4", "ISO-8859-5": "iso8859_5", "ISO-8859-6": "iso8859_6",
    "ISO-8859-7": "iso8859_7", "ISO-8859-8": "iso8859_8", "ISO-8859-8-I": "iso8859_8",
    "ISO-8859-10": "iso8859_10", "ISO-8859-13": "iso8859_13", "ISO-8859-14": "iso8859_14",
    "ISO-8859-15": "iso8859_15", "ISO-8859-16": "iso8859_16", "KOI8-R": "koi8_r",
    "KOI8-U": "koi8_u", "macintosh": "mac_roman", "windows-874": "cp874",
    "windows-1250": "cp1250", "windows-1251": "cp1251", "windows-1252": "cp1252",
    "windows-1253": "cp1253", "windows-1254": "cp1254", "windows-1255": "cp1255",
    "windows-1256": "cp1256", "windows-1257": "cp1257", "windows-1258": "cp1258",
    "x-mac-cyrillic": "mac_cyrillic", "GBK": "gbk", "gb18030": "gb18030", "Big5": "big5hkscs",
    "EUC-JP": "euc_jp", "ISO-2022-JP": "iso2022_jp", "Shift_JIS": "cp932", "EUC-KR": "cp949",
    "UTF-16BE": "utf-16-be", "UTF-16LE": "utf-16-le",
}
# Detector names that are not WHATWG labels.
EXTRA = {"mac-cyrillic": "x-mac-cyrillic", "maccyrillic": "x-mac-cyrillic", "cp949": "EUC-KR",
         "cp932": "Shift_JIS", "ascii": "windows-1252", "mac-centraleurope": None,
         "maccentraleurope": None, "iso-8859-11": "windows-874", "tis-620": "windows-874"}


def labels():
    out = {}
    with open(os.path.join(HERE, "..", "indexes", "encodings.txt")) as f:
        for line in f:
            if line.startswith("=") or not line.strip():
                continue
            name, *labs = line.split()
            for lab in labs:
                out[lab] = name
    return out


LABELS = labels()


def whatwg(guess):
    if not guess:
        return None
    g = guess.strip().lower()
    if g in EXTRA:
        return EXTRA[g]
    return LABELS.get(g)


def decode(name, data):
    codec = PY_CODEC.get(name)
    if codec is None:
        return None
    return data.decode(codec, errors="replace")


def uchardet_guesses(samples):
    if not shutil.which("uchardet"):
        return None
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, (_, _, _, data) in enumerate(samples):
            p = os.path.join(tmp, f"{i}")
            with open(p, "wb") as f:
                f.write(data)
            paths.append(p)
        for start in range(0, len(paths), 1000):
            batch = paths[start:start + 1000]
            res = subprocess.run(["uchardet", *batch], capture_output=True, text=True).stdout
            got = dict(line.rsplit(": ", 1) for line in res.splitlines() if ": " in line)
            out += [got.get(p, "") for p in batch]
    return out


def chardet_guesses(samples):
    try:
        import chardet
    except ImportError:
        return None
    return [chardet.detect(data)["encoding"] for (_, _, _, data) in samples]


def main():
    samples = []
    with open(sys.argv[1]) as f:
        for line in f:
            lang, enc, length, hexdata = line.rstrip("\n").split("\t")
            samples.append((lang, enc, int(length), bytes.fromhex(hexdata)))
    for detector, guesses in (("chardet", chardet_guesses(samples)), ("uchardet", uchardet_guesses(samples))):
        if guesses is None:
            print(f"{detector}: not installed, skipped")
            continue
        tally = collections.defaultdict(lambda: [0, 0])
        for (lang, enc, length, data), guess in zip(samples, guesses):
            name = whatwg(guess)
            truth = decode(enc, data)
            right = name is not None and decode(name, data) == truth
            cell = tally[(lang, enc, length)]
            cell[0] += right
            cell[1] += 1
        for utf8 in (False, True):
            row = []
            for length in LENGTHS:
                rates = [r / n for (lang, enc, l), (r, n) in tally.items() if l == length and (enc == "UTF-8") == utf8]
                row.append(f"{sum(rates) / max(1, len(rates)):.3f}")
            what = "UTF-8" if utf8 else "legacy"
            print(f"| {detector} ({what}) | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()

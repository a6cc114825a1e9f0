#!/usr/bin/env python3
"""Text of the translated man pages installed here (/usr/share/man/<lang>/),
a third kind of held-out text for the detector's evaluation (never used for
training or tuning): roff requests and escapes stripped, double-encoded
pages repaired (see `repaired`), up to 400 kB per
language, written as OUT/<lang>.txt for `detect_eval --dir OUT`.

    python3 bench/man_corpus.py /tmp/mancorpus
"""
import glob
import gzip
import os
import re
import sys

LIMIT = 400_000
ESCAPES = re.compile(r"\\f[BIRP]|\\f\(..|\\\(..|\\[&%e-]|\\s[-+]?\d|\\\*\(..|\\\*.|\\\"")


def text_of(roff):
    out = []
    for line in roff.splitlines():
        if line.startswith((".", "'")):
            continue
        line = ESCAPES.sub("", line).replace("\\", "")
        if line.strip():
            out.append(line)
    return "\n".join(out)


def repaired(text):
    """The page's text with double encoding undone, line by line: some
    translations are UTF-8 that was read as Latin-1 and written out as UTF-8
    again ("Ã³" for "ó"; es fakeroot, faked). Kept as they are, their samples
    would be labelled with the mojibake, and a detector that reads those bytes
    as UTF-8 (the text the translator meant) would be counted wrong. A line
    that still reads as UTF-8, differently, once encoded as windows-1252 or
    Latin-1 is such a line; any other stays as it was (genuine Latin text with
    a high byte almost never forms valid UTF-8)."""
    return "\n".join(map(repaired_line, text.split("\n")))


def repaired_line(line):
    for legacy in ("cp1252", "latin-1"):
        try:
            return line.encode(legacy).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return line


def main():
    dest = sys.argv[1]
    os.makedirs(dest, exist_ok=True)
    for lang_dir in sorted(glob.glob("/usr/share/man/*/")):
        lang = os.path.basename(lang_dir.rstrip("/"))
        if lang.startswith("man"):
            continue
        chunks, size = [], 0
        for path in sorted(glob.glob(lang_dir + "man*/*.gz")):
            try:
                chunk = repaired(text_of(gzip.open(path).read().decode("utf-8")))
            except (UnicodeDecodeError, OSError):
                continue
            chunks.append(chunk)
            size += len(chunk)
            if size > LIMIT:
                break
        with open(os.path.join(dest, f"{lang}.txt"), "w") as f:
            f.write("\n".join(chunks))
        print(f"{lang}: {size} characters", file=sys.stderr)


if __name__ == "__main__":
    main()

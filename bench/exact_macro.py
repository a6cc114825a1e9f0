#!/usr/bin/env python3
"""Macro accuracy to five places, per length, from a detect_eval run.

    detect_eval --mo --half test --errors --dump DUMP 2> ERRORS
    python3 bench/exact_macro.py DUMP ERRORS

detect_eval prints three places; a missed target (0.96 at 10 characters)
needs more. DUMP has one line per sample (language, encoding, length,
hex), ERRORS one per wrong guess ("lang encoding length: guessed ...").
The macro is over legacy (language, encoding) pairs, as detect_eval's.
"""
import collections
import sys


def main(dump, errors):
    samples = collections.Counter()
    wrong = collections.Counter()
    for line in open(dump):
        lang, enc, length, _ = line.rstrip("\n").split("\t")
        if enc != "UTF-8":
            samples[(lang, enc, int(length))] += 1
    for line in open(errors, errors="replace"):
        parts = line.split(" ", 3)
        if len(parts) < 3 or not parts[2].rstrip(":").isdigit():
            continue
        if parts[1] != "UTF-8":
            wrong[(parts[0], parts[1], int(parts[2].rstrip(":")))] += 1
    for length in sorted({k[2] for k in samples}):
        pairs = [k for k in samples if k[2] == length]
        macro = sum(1 - wrong[k] / samples[k] for k in pairs) / len(pairs)
        print(f"{length}\t{macro:.5f}\t{sum(wrong[k] for k in pairs)} wrong\t{len(pairs)} pairs")


if __name__ == "__main__":
    main(*sys.argv[1:3])

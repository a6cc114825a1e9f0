#!/usr/bin/env python3
"""Two wenc binaries side by side, whole process, paired runs.

    bench/paired.py OLD_WENC NEW_WENC [ROW_WORD...]

Builds 64 MiB inputs from ../shared/corpus/wikipedia (Python's codecs, html
references for what an encoding lacks), then runs OLD and NEW alternately,
N times (env N, default 5), each with -j1 (CPU time: user + system, for per
core claims) and with the default threads (wall time), output to /dev/null.
Prints the best of N of each and the ratio NEW/OLD (below 1: NEW is faster).
"""
import os, resource, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from percore import CORPUS  # one place that finds ../shared
ALL = 'ar cs de el en fr he ja ko pt ru th tr vi zh_cn zh_tw'.split()
# name, languages, Python codec of the input, wenc options
ROWS = [
    ('UTF-8 -> UTF-8', ALL, 'utf-8', ['-f', 'utf-8']),
    ('windows-1252 -> UTF-8', ['en', 'fr', 'de'], 'cp1252', ['-f', 'windows-1252']),
    ('windows-1251 -> UTF-8', ['ru'], 'cp1251', ['-f', 'windows-1251']),
    ('Shift_JIS -> UTF-8', ['ja'], 'cp932', ['-f', 'shift_jis']),
    ('EUC-KR -> UTF-8', ['ko'], 'euc_kr', ['-f', 'euc-kr']),
    ('Big5 -> UTF-8', ['zh_tw'], 'big5', ['-f', 'big5']),
    ('gb18030 -> UTF-8', ['zh_cn'], 'gb18030', ['-f', 'gb18030']),
    ('UTF-8 -> Shift_JIS', ['ja'], 'utf-8', ['-t', 'shift_jis', '-e', 'html']),
]


def make_input(path, langs, codec, mib=64):
    text = ''.join(open(os.path.join(CORPUS, f'{l}.txt'), encoding='utf-8').read() for l in langs)
    data = text.encode(codec, errors='xmlcharrefreplace')
    data = (data * (mib * 2**20 // len(data) + 1))[: mib * 2**20]
    with open(path, 'wb') as f:
        f.write(data[: data.rfind(b'\n') + 1])


def run(binary, args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, '-q'] + args, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new, words = sys.argv[1], sys.argv[2], sys.argv[3:]
    n = int(os.environ.get('N', '5'))
    print('| row | OLD -j1 CPU s | NEW -j1 CPU s | NEW/OLD | OLD wall s | NEW wall s | NEW/OLD |')
    print('|---|---|---|---|---|---|---|')
    with tempfile.TemporaryDirectory(prefix='wenc-paired-') as tmp:
        for name, langs, codec, opts in ROWS:
            if words and not any(w in name for w in words):
                continue
            path = os.path.join(tmp, 'input')
            make_input(path, langs, codec)
            best = {}
            for _ in range(n):
                for tag, binary in (('old', old), ('new', new)):
                    for jobs in (['-j1'], []):
                        cpu, wall = run(binary, jobs + opts + [path])
                        c, w = best.get((tag, bool(jobs)), (1e9, 1e9))
                        best[(tag, bool(jobs))] = (min(c, cpu), min(w, wall))
            oc, nc = best[('old', True)][0], best[('new', True)][0]
            ow, nw = best[('old', False)][1], best[('new', False)][1]
            print(f'| {name} | {oc:.3f} | {nc:.3f} | {nc / oc:.2f} | {ow:.3f} | {nw:.3f} | {nw / ow:.2f} |',
                  flush=True)


if __name__ == '__main__':
    main()

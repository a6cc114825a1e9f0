#!/usr/bin/env python3
"""What `-f auto` costs over the right `-f`: one binary, paired runs.

    bench/auto_overhead.py WENC [ROW_WORD...]

Builds 64 MiB inputs from ../shared/corpus/wikipedia (as bench/paired.py
does), then runs `-f auto` and the right `-f X` alternately, N times (env N,
default 7), with -j1: to /dev/null, and in place (-i on a fresh copy each
run; the copy is not timed). Measures the child's CPU time (user + system,
getrusage), so the load of other processes matters less than for wall time.
Prints the best and the median of each and the ratios auto / X.
"""
import os, resource, shutil, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import make_input  # same inputs as the codec comparison

# name, languages, Python codec, the right -f
ROWS = [
    ('windows-1252 (en fr de)', ['en', 'fr', 'de'], 'cp1252', 'windows-1252'),
    ('ISO-8859-15 (fr)', ['fr'], 'iso8859_15', 'iso-8859-15'),
    ('windows-1251 (ru)', ['ru'], 'cp1251', 'windows-1251'),
    ('Shift_JIS (ja)', ['ja'], 'cp932', 'shift_jis'),
]


def cpu(args):
    """CPU seconds of one run, and whether it refused (status 1: -f auto not sure)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status not in (0, 1):
        sys.exit(f'{args}: exit status {status}')
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), status == 1


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    wenc, words = sys.argv[1], sys.argv[2:]
    n = int(os.environ.get('N', '7'))
    print('| input | mode | -f X CPU s (best / median) | -f auto CPU s (best / median) | auto / X (best) | auto / X (median) |')
    print('|---|---|---|---|---|---|')
    with tempfile.TemporaryDirectory(prefix='wenc-auto-') as tmp:
        for name, langs, codec, label in ROWS:
            if words and not any(w in name for w in words):
                continue
            source = os.path.join(tmp, 'input')
            make_input(source, langs, codec)
            work = os.path.join(tmp, 'work')
            for mode in ('stdout', 'in place'):
                times = {'x': [], 'auto': []}
                refused = set()
                for _ in range(n):
                    for tag, f in (('x', label), ('auto', 'auto')):
                        if mode == 'stdout':
                            args = [wenc, '-q', '-j1', '-f', f, '-t', 'utf-8', source]
                        else:
                            shutil.copyfile(source, work)
                            args = [wenc, '-q', '-j1', '-f', f, '-t', 'utf-8', '-i', work]
                        seconds, refusal = cpu(args)
                        times[tag].append(seconds)
                        if refusal:
                            refused.add(tag)
                x, a = times['x'], times['auto']
                bx, ba, mx, ma = min(x), min(a), statistics.median(x), statistics.median(a)
                note = ' (auto refused: not sure)' if 'auto' in refused else ''
                print(f'| {name} | {mode}{note} | {bx:.3f} / {mx:.3f} | {ba:.3f} / {ma:.3f} | '
                      f'{ba / bx:.3f} | {ma / mx:.3f} |', flush=True)


if __name__ == '__main__':
    main()

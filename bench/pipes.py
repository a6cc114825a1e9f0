#!/usr/bin/env python3
"""Parallel pipes: `cat FILE | wenc -jJ -f shift_jis > /dev/null`, paired.

    bench/pipes.py WENC:J [WENC:J...]      e.g. target/release/wenc:1 target/release/wenc:2

Builds 64 MiB of Shift_JIS from ../shared/corpus/wikipedia/ja.txt (as
bench/paired.py does), then runs each configuration in turn, N times (env
N, default 15; env WENC_ARGS replaces `-f shift_jis`). Wall time runs from
starting cat to wenc's exit; CPU times are each process's user + system
(wait4). Prints medians (best for wall), speed-up against the first
configuration, wenc's minor page faults and context switches. Peak RSS is
not shown (a forked child's counts Python's own pages): use /usr/bin/time.
"""
import os, statistics, subprocess, sys, tempfile, time
from paired import make_input


def run(binary, jobs, path, args, devnull):
    start = time.perf_counter()
    cat = subprocess.Popen(['cat', path], stdout=subprocess.PIPE)
    wenc = subprocess.Popen([binary, '-q', f'-j{jobs}'] + args, stdin=cat.stdout, stdout=devnull)
    cat.stdout.close()
    _, status, ru = os.wait4(wenc.pid, 0)
    wall = time.perf_counter() - start
    _, _, rc = os.wait4(cat.pid, 0)
    if status != 0:
        sys.exit(f'{binary} -j{jobs} failed')
    return (wall, ru.ru_utime + ru.ru_stime, ru.ru_stime, rc.ru_utime + rc.ru_stime,
            ru.ru_minflt, ru.ru_nvcsw + ru.ru_nivcsw)


def main():
    configs = [c.rsplit(':', 1) for c in sys.argv[1:]]
    if not configs or any(len(c) != 2 for c in configs):
        sys.exit(__doc__)
    n = int(os.environ.get('N', '15'))
    args = os.environ.get('WENC_ARGS', '-f shift_jis').split()
    runs = {i: [] for i in range(len(configs))}
    with tempfile.TemporaryDirectory(prefix='wenc-pipes-') as tmp, open(os.devnull, 'wb') as devnull:
        path = os.path.join(tmp, 'input')
        make_input(path, ['ja'], 'cp932')
        for _ in range(n):
            for i, (binary, jobs) in enumerate(configs):
                runs[i].append(run(binary, jobs, path, args, devnull))
    med = lambda i, k: statistics.median(r[k] for r in runs[i])
    print('| wenc | -j | wall median ms | wall best ms | speed-up | wenc CPU ms (system) | cat CPU ms | page faults | context switches |')
    print('|---|---|---|---|---|---|---|---|---|')
    for i, (binary, jobs) in enumerate(configs):
        print(f'| {binary} | {jobs} | {med(i, 0) * 1e3:.1f} | {min(r[0] for r in runs[i]) * 1e3:.1f} '
              f'| {med(0, 0) / med(i, 0):.2f}x | {med(i, 1) * 1e3:.1f} ({med(i, 2) * 1e3:.1f}) '
              f'| {med(i, 3) * 1e3:.1f} | {med(i, 4):.0f} | {med(i, 5):.0f} |')


if __name__ == '__main__':
    main()

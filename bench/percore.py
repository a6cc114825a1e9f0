#!/usr/bin/env python3
"""Per-core throughput: wenc -j1 against recode_rs and iconv, by CPU time.

    bench/percore.py WENC [--base OLD_WENC] [ROW_WORD...]

The rows are bench/cli.sh's (read from its `rows=(` table, so the two
scripts always measure the same thing), with inputs made the same way
(64 MiB, env WENC_BENCH_MIB). For each row the tools run in turn, N rounds
(env N, default 5), output to /dev/null; each tool's best CPU time (user +
system, from the kernel's accounting of the child) is kept. Printed: MB of
input per CPU second, and wenc's speed-up over each peer (target: >= 2x
recode_rs, >= 4x iconv). A ratio cell is "best / median": the ratio of the
best times, then the median over the rounds of each round's own ratio (the
tools of a round run back to back, so a round the host slowed down slows
both sides of its ratio); a "!" marks a median below the target. With
--base, an older wenc runs in the same rounds and its figure is printed too,
for a before/after table.
"""
import os, re, resource, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# As bench/common.sh: ../shared beside the checkout, or two levels up (a worktree).
CORPUS = os.environ.get('WENC_CORPUS') or next(
    (d for d in (os.path.join(ROOT, *up, 'shared', 'corpus', 'wikipedia') for up in (['..'], ['..', '..']))
     if os.path.isfile(os.path.join(d, 'en.txt'))), os.path.join(ROOT, '..', 'shared', 'corpus', 'wikipedia'))
TARGETS = {'recode_rs': 2.0, 'iconv': 4.0}


def cli_rows():
    """(name, kind, wenc label, iconv name, python codec, languages) of cli.sh."""
    text = open(os.path.join(HERE, 'cli.sh'), encoding='utf-8').read()
    table = text[text.index('rows=(') : text.index('\n)\n')]
    rows = []
    for line in re.findall(r'^\s+"(.*)"$', table, re.M):
        name, kind, label, iconv, _uconv, codec, langs = line.split('|')
        rows.append((name, kind, label, iconv, codec, langs.split()))
    return rows


def make_input(path, kind, codec, langs, mib):
    """As cli.sh's make_input: decode rows get the text in CODEC (references
    for what it lacks), encode rows UTF-8 text that survives CODEC."""
    text = ''.join(open(os.path.join(CORPUS, f'{l}.txt'), encoding='utf-8').read() for l in langs)
    data = text.encode(codec, 'xmlcharrefreplace')
    if kind == 'encode':
        data = data.decode(codec).encode('utf-8')
    reps = -(-mib * 2**20 // len(data))
    # In one write: a file written in small pieces costs a mapping reader
    # more page faults (bench/RESULTS.md, "the driver's share").
    with open(path, 'wb') as f:
        f.write(data * reps)


def cpu_time(cmd):
    """CPU seconds (user + system) of one run of CMD, or None if it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        return None
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands(wenc, base, kind, label, iconv, path):
    """The tools of one row: name -> argv."""
    w_from, w_to = (label, 'utf-8') if kind == 'decode' else ('utf-8', label)
    i_from, i_to = (iconv, 'UTF-8') if kind == 'decode' else ('UTF-8', iconv)
    tools = {'wenc': [wenc, '-q', '-j1', '-f', w_from, '-t', w_to, path]}
    if base:
        tools['base'] = [base, '-q', '-j1', '-f', w_from, '-t', w_to, path]
    # recode_rs writes UTF-8 when asked for UTF-16 (encoding_rs has no
    # UTF-16 encoder): that row would not be the same work.
    if shutil.which('recode_rs') and not label.startswith('utf-16'):
        tools['recode_rs'] = ['recode_rs', '-f', w_from, '-t', w_to, path]
    if shutil.which('iconv'):
        tools['iconv'] = ['iconv', '-f', i_from, '-t', i_to, path]
    return tools


def ratio_cell(times, peer, target):
    """Best over best, and the median of the rounds' paired ratios."""
    rounds = [p / w for p, w in zip(times.get(peer, []), times['wenc']) if p and w]
    if not rounds:
        return '-'
    best = min(t for t in times[peer] if t) / min(t for t in times['wenc'] if t)
    median = statistics.median(rounds)
    return f'{best:.2f} / {median:.2f}' + ('' if median >= target else ' !')


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith('-'):
        sys.exit(__doc__)
    wenc, base, words = args[0], None, []
    rest = iter(args[1:])
    for a in rest:
        if a == '--base':
            base = next(rest)
        else:
            words.append(a)
    n = int(os.environ.get('N', '5'))
    mib = int(os.environ.get('WENC_BENCH_MIB', '64'))
    head = '| row | wenc -j1 MB/CPU s |' + (' base -j1 | x base |' if base else '')
    head += ' recode_rs | iconv | x recode_rs | x iconv |'
    print(head)
    print('|' + '---|' * head.count(' |'))
    with tempfile.TemporaryDirectory(prefix='wenc-percore-') as tmp:
        for name, kind, label, iconv, codec, langs in cli_rows():
            if words and not any(w.lower() in name.lower() for w in words):
                continue
            path = os.path.join(tmp, 'input')
            make_input(path, kind, codec, langs, mib)
            size = os.path.getsize(path)
            tools = commands(wenc, base, kind, label, iconv, path)
            # Per tool, each round's CPU time (None where the run failed).
            times = {t: [] for t in tools}
            for _ in range(n):
                for tool, cmd in tools.items():
                    times[tool].append(cpu_time(cmd))
            best = {t: min((s for s in ts if s), default=None) for t, ts in times.items()}
            speed = {t: (size / s / 1e6 if s else None) for t, s in best.items()}
            fmt = lambda t: f'{speed[t]:.0f}' if speed.get(t) else ('failed' if t in tools else 'n/a')
            line = f'| {name} | {fmt("wenc")} |'
            if base:
                line += f' {fmt("base")} | {ratio_cell(times, "base", 0)} |'
            line += f' {fmt("recode_rs")} | {fmt("iconv")} |'
            line += f' {ratio_cell(times, "recode_rs", TARGETS["recode_rs"])} |'
            line += f' {ratio_cell(times, "iconv", TARGETS["iconv"])} |'
            print(line, flush=True)


if __name__ == '__main__':
    main()

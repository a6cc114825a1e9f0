#!/usr/bin/env python3
"""A whole tree to UTF-8: wenc -i -r -f auto against the shell loops people write.

    bench/tree.py WENC [FILES...]        (default: 2000; e.g. 2000 100000)

Builds a tree of FILES small files (1-50 KB, 10 per folder, 100 per folder
of folders) in eight encodings from ../shared/corpus/wikipedia (windows-1251,
Shift_JIS, EUC-KR, gb18030, Big5, windows-1252, windows-1253, and UTF-8
already), then converts copies of it, paired runs, alternating order, N
rounds (env N, default 3; PEERS=0 runs wenc alone, PEERS=once the peers in
the first round only, for trees where they take an hour; LINK=1 gives each
tool a tree of hard links to the pristine files instead of a copy: every
tool writes a new file and renames it over the old name, so the pristine
files stay as they were, and a 100,000-file round does not copy 2 GB first):

  wenc     wenc -q -i -r -f auto -t utf-8 DIR     (it finds each encoding)
  find     find DIR -name '*.ENC.txt' -exec sh -c 'for f; do iconv -f ENC
           -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done' _ {} +
           per encoding (told each file's encoding by its name; UTF-8
           files skipped)
  xargs    the same through find -print0 | xargs -0 -P$(nproc) -n 64

Prints wall time and files/s (median of N) and the ratios, wenc's peak
memory (ru_maxrss of the process), and how many files wenc refused (not
sure of their encoding) or converted. The peers get each file's encoding
for free; wenc detects it.
"""
import os, random, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from percore import CORPUS  # one place that finds ../shared

# language, Python codec, iconv name, file tag
KINDS = [
    ('ru', 'cp1251', 'CP1251', 'cp1251'),
    ('ja', 'cp932', 'CP932', 'sjis'),
    ('ko', 'euc_kr', 'EUC-KR', 'euckr'),
    ('zh_cn', 'gb18030', 'GB18030', 'gb18030'),
    ('zh_tw', 'big5', 'BIG5', 'big5'),
    ('fr', 'cp1252', 'CP1252', 'cp1252'),
    ('el', 'cp1253', 'CP1253', 'cp1253'),
    ('de', 'utf-8', None, 'utf8'),
]


def build(root, count, seed=21):
    rng = random.Random(seed)
    texts = {lang: open(os.path.join(CORPUS, f'{lang}.txt'), encoding='utf-8').read()
             for lang, *_ in KINDS}
    for i in range(count):
        lang, codec, _, tag = KINDS[i % len(KINDS)]
        text = texts[lang]
        size = rng.randint(1024, 50 * 1024)
        start = rng.randrange(0, max(1, len(text) - size))
        # Characters, then bytes: cut to at most `size` bytes at a line end.
        data = text[start:start + size].encode(codec, errors='xmlcharrefreplace')[:size]
        cut = data.rfind(b'\n')
        data = data[:cut + 1] if cut > 0 else data.decode(codec, 'ignore').encode(codec)
        folder = os.path.join(root, f'd{i // 1000:03}', f'e{i // 10 % 100:02}')
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f'f{i:06}.{tag}.txt'), 'wb') as f:
            f.write(data)


def peer_script(tree, parallel):
    """The shell loop, one find per encoding."""
    loop = 'for f; do iconv -f {enc} -t UTF-8 "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done'
    parts = []
    for _, _, enc, tag in KINDS:
        if enc is None:
            continue
        body = loop.format(enc=enc)
        if parallel:
            parts.append(f"find {tree} -type f -name '*.{tag}.txt' -print0 | "
                         f"xargs -0 -P$(nproc) -n 64 sh -c '{body}' _")
        else:
            parts.append(f"find {tree} -type f -name '*.{tag}.txt' -exec sh -c '{body}' _ {{}} +")
    return ' && '.join(parts)


def timed(cmd, shell=False):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status), err.decode(errors='replace')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    wenc = os.path.abspath(sys.argv[1])
    sizes = [int(s) for s in sys.argv[2:]] or [2000]
    n = int(os.environ.get('N', '3'))
    # PEERS=0: wenc alone (its memory on big trees, where the peers take hours);
    # TOOLS=find (a comma list): only those, e.g. the slow peer alone, once,
    # in the background.
    tools = os.environ.get('TOOLS', 'wenc,find,xargs').split(',')
    peers = os.environ.get('PEERS', '1')
    if peers == '0':
        tools = ['wenc']
    link = os.environ.get('LINK', '0') == '1'
    print(f'{os.cpu_count()} CPUs; load average before: {os.getloadavg()[0]:.2f}')
    print('| files | MB | wenc s | find s | xargs s | wenc files/s | find files/s | '
          'xargs files/s | find/wenc | xargs/wenc | wenc max RSS MiB |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    for count in sizes:
        with tempfile.TemporaryDirectory(prefix='wenc-tree-') as tmp:
            pristine = os.path.join(tmp, 'pristine')
            start = time.perf_counter()
            build(pristine, count)
            built = time.perf_counter() - start
            mb = sum(e.stat().st_size for d, _, fs in os.walk(pristine)
                     for e in os.scandir(d) if e.is_file()) / 1e6
            times = {'wenc': [], 'find': [], 'xargs': []}
            rss = []
            for r in range(n):
                order = [t for t in ('wenc', 'find', 'xargs') if t in tools
                         and (t == 'wenc' or r == 0 or peers != 'once')]
                if r % 2:
                    order.reverse()
                for tool in order:
                    tree = os.path.join(tmp, tool)
                    if link:
                        subprocess.run(['cp', '-al', pristine, tree], check=True)
                    else:
                        shutil.copytree(pristine, tree)
                    subprocess.run(['sync'])
                    if tool == 'wenc':
                        wall, maxrss, code, err = timed(
                            [wenc, '-q', '-i', '-r', '-f', 'auto', '-t', 'utf-8', tree])
                        rss.append(maxrss / 1024)
                    else:
                        wall, _, code, err = timed(peer_script(tree, tool == 'xargs'), shell=True)
                        if code != 0:
                            sys.exit(f'{tool} failed: {err[-500:]}')
                    times[tool].append(wall)
                    shutil.rmtree(tree)
            w, f, x = (statistics.median(times[t] or [float('nan')]) for t in ('wenc', 'find', 'xargs'))
            print(f'| {count} | {mb:.0f} | {w:.2f} | {f:.2f} | {x:.2f} | {count / w:.0f} | '
                  f'{count / f:.0f} | {count / x:.0f} | {f / w:.2f} | {x / w:.2f} | '
                  f'{max(rss or [float("nan")]):.1f} |')
            print(f'  load average after: {os.getloadavg()[0]:.2f}; built in {built:.0f} s')
            if 'wenc' not in tools:
                continue
            dry = subprocess.run([wenc, '-n', '-i', '-r', '-f', 'auto', '-t', 'utf-8', pristine],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            summary = [l for l in dry.stderr.splitlines() if 'files:' in l]
            print(f'  wenc -n said: {summary[-1] if summary else dry.stderr[-300:]}')
            print(f'  runs (s): ' + '; '.join(f'{t} ' + ' '.join(f'{v:.2f}' for v in times[t])
                                             for t in times))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""wenc as the per-partition filter of Spark (local mode): an archive of
files converted where it lies, with an audit of every file.

    pip install pyspark          # needs Java 17 or later
    examples/spark_pipe.py WENC [FILES=2000] [PARTITIONS=8]

Not run by CI (it needs pyspark and a JVM). It builds a tree of FILES small
files in eight encodings (bench/tree.py's), makes an RDD of their paths,
and pipes each partition through

    xargs -d '\\n' WENC -q -i -r -f auto -t utf-8 --json

so each partition converts its own files in place and answers one JSON line
per file; the driver collects the lines (the audit log), counts outcomes,
and checks every converted file against the text the file was made from.
On a cluster the paths would be on shared storage (or each executor would
list its own), and the same command runs unchanged: wenc needs no code
to be sharded, only a list of files.
"""
import collections, json, os, shutil, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'bench'))
import tree  # noqa: E402  (bench/tree.py: the same mixed-encoding tree)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    wenc = os.path.abspath(sys.argv[1])
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    partitions = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    from pyspark import SparkContext

    with tempfile.TemporaryDirectory(prefix='wenc-spark-') as tmp:
        root = os.path.join(tmp, 'archive')
        tree.build(root, files)
        paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs)
        originals = {}
        for p in paths:
            codec = next(k[1] for k in tree.KINDS if p.endswith(f'.{k[3]}.txt'))
            originals[p] = open(p, 'rb').read().decode(codec)
        sc = SparkContext('local[*]', 'wenc-pipe')
        sc.setLogLevel('ERROR')
        command = f"xargs -d '\\n' {wenc} -q -i -r -f auto -t utf-8 --json"
        start = time.perf_counter()
        lines = sc.parallelize(paths, partitions).pipe(command).collect()
        wall = time.perf_counter() - start
        sc.stop()

        records = [json.loads(l) for l in lines]
        outcomes = collections.Counter(r['outcome'] for r in records)
        by_from = collections.Counter(r['from'] for r in records if r['outcome'] == 'converted')
        same = differ = 0
        for r in records:
            if r['outcome'] == 'converted':
                now = open(r['file'], 'rb').read().decode('utf-8')
                same, differ = (same + 1, differ) if now == originals[r['file']] else (same, differ + 1)
        print(f'{files} files in {partitions} partitions, {os.cpu_count()} CPUs: '
              f'{len(records)} JSON lines in {wall:.2f} s ({files / wall:.0f} files/s, '
              f'Spark\'s own overhead included)')
        print('outcomes: ' + ', '.join(f'{k} {v}' for k, v in sorted(outcomes.items())))
        print('converted from: ' + ', '.join(f'{k} {v}' for k, v in sorted(by_from.items())))
        print(f'converted files equal to the text they were made from: {same}; differing: {differ}')
        refused = [r for r in records if r['outcome'] == 'refused'][:3]
        for r in refused:
            print(f'  refused, e.g.: {os.path.relpath(r["file"], root)}: {r["reason"]}')
        shutil.rmtree(root)


if __name__ == '__main__':
    main()

#!/usr/bin/env bash
# -j: wall time of `wenc -j 1` against `wenc -j N` on large files, next to
# `cat FILE > /dev/null`, with peak RSS. Output goes to /dev/null.
#
#   bench/jobs.sh             # 256 MiB inputs, -j 1 against -j $(nproc)
#
# Environment: WENC_JOBS_MIB (input size, default 256), WENC_JOBS_N (default
# nproc), WENC_JOBS_RUNS (default 7), WENC_BIN (use this wenc instead of
# building target/release/wenc), WENC_CORPUS (corpus directory), TMPDIR.
#
# Uses hyperfine when installed (mean and min of the runs), otherwise the
# best of the runs by `date`. The machine's other load shows in the figures:
# "CPUs" is (user + system time) / wall time of the -j N runs.
set -uo pipefail
export LC_ALL=C

mib=${WENC_JOBS_MIB:-256}
jobs=${WENC_JOBS_N:-$(nproc)}
runs=${WENC_JOBS_RUNS:-7}

. "$(dirname "$0")/common.sh" jobs

# make NAME CODEC LANGS...: $mib MiB of the articles in CODEC.
make() {
    python3 - "$corpus" "$mib" "$tmp" "$@" <<'EOF'
import sys
corpus, mib, tmp, name, codec, *langs = sys.argv[1:]
text = "".join(open(f"{corpus}/{l}.txt", encoding="utf-8").read() for l in langs)
data = text.encode(codec, "xmlcharrefreplace")
n = int(mib) << 20
out = (data * (n // len(data) + 1))[:n]
open(f"{tmp}/{name}", "wb").write(out[: out.rfind(b"\n") + 1])
EOF
}
make ja.sjis cp932 ja
make enfr.1252 cp1252 en fr
make mixed.utf8 utf-8 en fr ja ru zh_cn ar de

# secs CMD...: sets $t to the best wall time of $runs runs, in seconds, and
# $rss (KiB) and $cpus (CPU time / wall time) to those of that run.
secs() {
    local best="" i t0 t1 ns
    for ((i = 0; i < runs; i++)); do
        t0=$(date +%s%N)
        /usr/bin/time -f "%M %U %S" -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
            cat "$tmp/err" >&2
            return 1
        }
        t1=$(date +%s%N)
        ns=$((t1 - t0))
        if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then
            best=$ns
            read -r rss user sys <"$tmp/time"
            cpus=$(awk -v u="$user" -v s="$sys" -v ns="$ns" 'BEGIN { printf "%.2f", (u + s) / (ns / 1e9) }')
        fi
    done
    t=$(awk -v ns="$best" 'BEGIN { printf "%.3f", ns / 1e9 }')
}

printf '%s MiB inputs, best of %s runs, -j 1 against -j %s\n\n' "$mib" "$runs" "$jobs"
printf '%-34s %8s %8s %7s %6s %9s %9s\n' "conversion" "-j 1 s" "-j $jobs s" "speedup" "CPUs" "RSS -j1" "RSS -j$jobs"
for row in \
    "Shift_JIS -> UTF-8|ja.sjis|-f shift_jis" \
    "windows-1252 -> UTF-8|enfr.1252|-f windows-1252" \
    "UTF-8 -> UTF-16LE|mixed.utf8|-t utf-16le" \
    "UTF-8 -> gb18030|mixed.utf8|-t gb18030 -e html" \
    "UTF-8 -> UTF-8|mixed.utf8|"; do
    IFS='|' read -r name file args <<<"$row"
    # shellcheck disable=SC2086
    secs "$wenc" -j 1 $args "$tmp/$file" || continue
    one=$t rss1=$rss
    # shellcheck disable=SC2086
    secs "$wenc" -j "$jobs" $args "$tmp/$file" || continue
    many=$t
    printf '%-34s %8s %8s %7s %6s %7s K %7s K\n' "$name" "$one" "$many" \
        "$(awk -v a="$one" -v b="$many" 'BEGIN { printf "%.2f", a / b }')" "$cpus" "$rss1" "$rss"
done

printf '\nagainst cat FILE > /dev/null (MB/s = 10^6 input bytes per second)\n'
for row in "UTF-8 -> UTF-8|mixed.utf8|" "windows-1252 -> UTF-8|enfr.1252|-f windows-1252"; do
    IFS='|' read -r name file args <<<"$row"
    size=$(stat -c %s "$tmp/$file")
    secs cat "$tmp/$file"
    c=$t
    # shellcheck disable=SC2086
    secs "$wenc" $args "$tmp/$file"
    w=$t
    printf '%-34s cat %6.0f MB/s  wenc %6.0f MB/s  ratio %.2f\n' "$name" \
        "$(awk -v b="$size" -v s="$c" 'BEGIN { print b / s / 1e6 }')" \
        "$(awk -v b="$size" -v s="$w" 'BEGIN { print b / s / 1e6 }')" \
        "$(awk -v a="$c" -v b="$w" 'BEGIN { print a / b }')"
done

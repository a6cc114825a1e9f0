#!/usr/bin/env bash
# wenc's resource use on large and pathological inputs: peak RSS and time.
# Prints figures only; nothing here asserts on timing.
#
#   bench/resources.sh           # 1 GiB inputs
#   WENC_RES_GIB=0.25 bench/resources.sh    # smaller "large" inputs
#
# Environment: WENC_BIN (use this wenc instead of building
# target/release/wenc), WENC_CORPUS, WENC_RES_GIB (size of the large inputs
# in GiB, default 1), WENC_RES_MAX_S (longest run allowed, default 90 s),
# TMPDIR (where the one on-disk large file goes).
#
# Each streamed case first runs on a 1 MiB probe; when that rate projects
# the full size past WENC_RES_MAX_S, the full run is skipped and the row shows
# the probe's figures, marked "extrapolated from 1 MiB".
#
# Inputs come from streams (head -c N /dev/zero | tr ...) where possible; the
# file-argument case needs one real file of the large size in $TMPDIR, removed
# at the end. Peak RSS is /usr/bin/time's %M for the wenc process alone; a
# file-backed mapping of the input counts in it. "s/GiB" is wall time for the
# whole pipeline scaled to 1 GiB of input, next to the time the generator alone
# takes (`gen`), so the difference is wenc's share.
set -uo pipefail
export LC_ALL=C

gib=${WENC_RES_GIB:-1}
max_s=${WENC_RES_MAX_S:-90}
probe=1048576
big=$(awk -v g="$gib" 'BEGIN { printf "%d", g * 1073741824 }')
small=$((10 * 1048576))

. "$(dirname "$0")/common.sh" resources

export corpus
# An endless stream of real UTF-8 text (every article, over and over).
text_stream() {
    while :; do cat "$corpus"/*.txt || return; done 2>/dev/null
}
# N bytes of one byte value (octal escape for tr), e.g. fill 1G '\201'.
fill() { head -c "$1" /dev/zero | tr '\0' "$2"; }

ms() { echo $(( ($2 - $1) / 1000000 )); }

# run_gen BYTES GENERATOR -- WENC-ARGS...: GENERATOR (a shell snippet that
# reads the wanted size from $N) piped into wenc; sets wall_ms, gen_ms, rss
# (KiB) and rc.
run_gen() {
    local bytes=$1 gen=$2
    shift 3
    local t0 t1 t2 t3
    t0=$(date +%s%N)
    N=$bytes bash -c "$gen" >/dev/null
    t1=$(date +%s%N)
    t2=$(date +%s%N)
    N=$bytes bash -c "$gen" | /usr/bin/time -f %M -o "$tmp/rss" "$wenc" "$@" >/dev/null 2>"$tmp/err"
    rc=${PIPESTATUS[1]}
    t3=$(date +%s%N)
    wall_ms=$(ms "$t2" "$t3") gen_ms=$(ms "$t0" "$t1") rss=$(tail -1 "$tmp/rss")
}

# measure LABEL BYTES GENERATOR -- WENC-ARGS...: a 1 MiB probe, then the
# full size unless the probe projects it past $max_s.
measure() {
    local label=$1 bytes=$2 gen=$3
    shift 3
    if [ "$bytes" -gt "$probe" ]; then
        run_gen "$probe" "$gen" "$@"
        local projected=$(( wall_ms * (bytes / probe) / 1000 ))
        if [ $rc = 0 ] && [ "$projected" -gt "$max_s" ]; then
            report "$label" "$probe" "$rss" "$wall_ms" "$gen_ms" "$rc" \
                "extrapolated from 1 MiB (full run would take ~${projected} s)"
            return
        fi
    fi
    run_gen "$bytes" "$gen" "$@"
    report "$label" "$bytes" "$rss" "$wall_ms" "$gen_ms" "$rc"
}

# measure_file LABEL FILE -- WENC-ARGS...: wenc reads FILE itself.
measure_file() {
    local label=$1 file=$2
    shift 3
    local t0 t1 rc bytes
    bytes=$(stat -c %s "$file")
    t0=$(date +%s%N)
    /usr/bin/time -f %M -o "$tmp/rss" "$wenc" "$@" "$file" >/dev/null 2>"$tmp/err"
    rc=$?
    t1=$(date +%s%N)
    report "$label" "$bytes" "$(tail -1 "$tmp/rss")" "$(ms "$t0" "$t1")" "-" "$rc"
}

report() { # label bytes rss_kib wall_ms gen_ms rc [note]
    local per gen
    per=$(awk -v b="$2" -v ms="$4" 'BEGIN { printf "%.2f", ms / 1000 / (b / 1073741824) }')
    gen="-"
    [ "$5" != "-" ] && gen=$(awk -v b="$2" -v ms="$5" 'BEGIN { printf "%.2f", ms / 1000 / (b / 1073741824) }')
    local note=${7:-}
    [ "$6" != 0 ] && note="$note exit $6: $(head -c 120 "$tmp/err" | tr '\n' ' ')"
    printf '| %-60s | %8s | %9.1f | %7.2f | %6s | %6s | %s |\n' "$1" \
        "$(awk -v b="$2" 'BEGIN { printf "%.0f MiB", b / 1048576 }')" \
        "$(awk -v k="$3" 'BEGIN { print k / 1024 }')" "$(awk -v ms="$4" 'BEGIN { print ms / 1000 }')" \
        "$per" "$gen" "$note"
}

echo "wenc resources: $wenc; large inputs $gib GiB; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
printf '| %-60s | %8s | %9s | %7s | %6s | %6s | %s |\n' input size "RSS MiB" "wall s" "s/GiB" "gen" note
echo "|--------------------------------------------------------------|----------|-----------|---------|--------|--------|------|"

ts="$(declare -f text_stream)"
fl="$(declare -f fill)"

# Real text through a pipe and from a file argument.
measure "10 MiB text, stdin pipe, UTF-8 -> UTF-16LE" $small \
    "$ts; text_stream | head -c \$N" -- -f utf-8 -t utf-16le
head -c $small < <(text_stream) >"$tmp/small"
measure_file "10 MiB text, file argument, UTF-8 -> UTF-16LE" "$tmp/small" -- -f utf-8 -t utf-16le
measure "$gib GiB text, stdin pipe, UTF-8 -> UTF-16LE" "$big" \
    "$ts; text_stream | head -c \$N" -- -f utf-8 -t utf-16le
head -c "$big" < <(text_stream) >"$tmp/big"
measure_file "$gib GiB text, file argument, UTF-8 -> UTF-16LE" "$tmp/big" -- -f utf-8 -t utf-16le
measure_file "$gib GiB text, file argument, UTF-8 -> UTF-8" "$tmp/big" -- -f utf-8 -t utf-8
measure_file "$gib GiB text, file argument, UTF-8 -> gb18030" "$tmp/big" -- -f utf-8 -t gb18030
rm -f "$tmp/big"

# One line, no newline at all.
measure "$gib GiB single line (a...), no newline, windows-1252 decode" "$big" \
    "$fl; fill \$N a" -- -f windows-1252 -t utf-8
measure "$gib GiB single line (a...), no newline, UTF-8 -> UTF-8" "$big" \
    "$fl; fill \$N a" -- -f utf-8 -t utf-8
measure "$gib GiB single line of U+00E9, UTF-8 -> windows-1252" "$big" \
    "yes é | tr -d '\\n' | head -c \$(( N / 2 * 2 ))" -- -f utf-8 -t windows-1252

# Pathological: endless lead bytes and escapes (replacement mode).
# (0x81 0x81 is a valid pair in Shift_JIS, gb18030 and EUC-KR; 0x85 0x85,
# 0xFF and 0x81 0x81 in Big5 are errors.)
for spec in "Shift_JIS:\\201" "gb18030:\\201" "Big5:\\201" "EUC-KR:\\201" \
    "Shift_JIS:\\205" "gb18030:\\377" "EUC-KR:\\377" \
    "EUC-JP:\\217" "UTF-8:\\360" "UTF-8:\\377" "ISO-2022-JP:\\033" "UTF-16LE:\\330"; do
    enc=${spec%%:*} byte=${spec#*:}
    measure "$gib GiB of byte $(printf '0x%02X' "0${byte#\\}"), $enc -> UTF-8" "$big" \
        "$fl; fill \$N '$byte'" -- -f "$enc" -t utf-8
done
# Lead byte then a four-byte-sequence prefix, over and over: gb18030 restores.
measure "$gib GiB of 81 30 81 30..., gb18030 -> UTF-8" "$big" \
    "yes \$'\\x81\\x30' | tr -d '\\n' | head -c \$N" -- -f gb18030 -t utf-8
# ISO-2022-JP escape sequences back to back (each one after the first errs).
measure "$gib GiB of ESC \$ B repeated, ISO-2022-JP -> UTF-8" "$big" \
    "yes \$'\\x1b\$B' | tr -d '\\n' | head -c \$N" -- -f iso-2022-jp -t utf-8
# Every character unmappable: one reference each.
measure "$gib GiB of U+706B, UTF-8 -> windows-1252 -e html" "$big" \
    "yes 火 | tr -d '\\n' | head -c \$(( N / 3 * 3 ))" -- -f utf-8 -t windows-1252 -e html
echo
echo "gen = seconds per GiB for the input generator alone (the pipeline's floor)."

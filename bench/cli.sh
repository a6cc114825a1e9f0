#!/usr/bin/env bash
# Whole-process transcoding throughput: wenc against iconv, uconv, recode_rs
# and cat, on large inputs built by repeating Wikipedia articles.
#
#   bench/cli.sh              # every row
#   bench/cli.sh Big5 EUC     # rows whose name contains any of these words
#
# Environment: WENC_BENCH_MIB (input size, default 64), WENC_BENCH_RUNS (best
# of N, default 3), WENC_BIN (use this wenc instead of building
# target/release/wenc), WENC_CORPUS (corpus directory).
#
# MB/s = 10^6 input bytes per second of wall time for the whole process (best
# of N runs), output to /dev/null. "wenc" reads the file named on its command
# line (with its default -j, one thread per core, for files of 4 MiB or more),
# "wenc -j1" the same on one thread, "wenc|" reads the same bytes from a pipe
# (cat FILE | wenc ...; always one thread). Ratios use the default "wenc". Peak
# RSS is /usr/bin/time's %M for that process (for wenc|, wenc alone). A tool
# that is not installed, fails, or cannot produce the row's output encoding is
# reported as such, never timed. Inputs are made with Python's codecs (html
# references for unmappable characters), so every tool can read them; encode
# rows use text that every tool's encoding can represent.
set -uo pipefail
export LC_ALL=C

mib=${WENC_BENCH_MIB:-64}
runs=${WENC_BENCH_RUNS:-3}
filters=("$@")

command -v python3 >/dev/null || { echo "python3 is needed to build inputs"; exit 2; }
. "$(dirname "$0")/common.sh" cli-bench

have() { command -v "$1" >/dev/null; }

# name|kind|wenc/recode_rs label|iconv name|uconv name|python codec|languages
# kind: decode (input in the encoding, output UTF-8) or encode (the reverse).
rows=(
    "UTF-8 -> UTF-8|decode|utf-8|UTF-8|utf-8|utf_8|ar cs de el en fr he ja ko pt ru th tr vi zh_cn zh_tw"
    "windows-1252 -> UTF-8 (en fr de)|decode|windows-1252|CP1252|windows-1252|cp1252|en fr de"
    "Shift_JIS -> UTF-8|decode|shift_jis|CP932|Shift_JIS|cp932|ja"
    "EUC-KR -> UTF-8|decode|euc-kr|EUC-KR|EUC-KR|euc_kr|ko"
    "gb18030 -> UTF-8|decode|gb18030|GB18030|gb18030|gb18030|zh_cn"
    "Big5 -> UTF-8|decode|big5|BIG5|Big5|big5|zh_tw"
    "UTF-8 -> KOI8-R|encode|koi8-r|KOI8-R|KOI8-R|koi8_r|ru"
    "UTF-8 -> windows-874|encode|windows-874|CP874|windows-874|cp874|th"
    "UTF-8 -> EUC-KR|encode|euc-kr|EUC-KR|EUC-KR|euc_kr|ko"
    "UTF-8 -> gb18030|encode|gb18030|GB18030|gb18030|gb18030|zh_cn"
    "UTF-8 -> Big5|encode|big5|BIG5|Big5|big5|zh_tw"
    "UTF-8 -> EUC-JP|encode|euc-jp|EUC-JP|EUC-JP|iso2022_jp|ja"
    "UTF-8 -> Shift_JIS|encode|shift_jis|CP932|Shift_JIS|iso2022_jp|ja"
    "UTF-8 -> UTF-16LE|encode|utf-16le|UTF-16LE|UTF-16LE|utf_8|ar cs de el en fr he ja ko pt ru th tr vi zh_cn zh_tw"
)

# make_input KIND CODEC OUT LANGS...: OUT is about $mib MiB. decode: the
# articles in CODEC (references for what it lacks); encode: UTF-8 text that
# survives CODEC (the same references, decoded back).
make_input() {
    python3 - "$corpus" "$mib" "$@" <<'EOF'
import sys
corpus, mib, kind, codec, out, *langs = sys.argv[1:]
text = "".join(open(f"{corpus}/{l}.txt", encoding="utf-8").read() for l in langs)
data = text.encode(codec, "xmlcharrefreplace")
if kind == "encode":
    data = data.decode(codec).encode("utf-8")
reps = -(-int(mib) * 1024 * 1024 // len(data))
# In one write: a file written in small pieces costs a mapping reader more
# page faults (bench/RESULTS.md, "the driver's share").
with open(out, "wb") as f:
    f.write(data * reps)
EOF
}

# best_of CMD...: runs CMD $runs times (stdin from $input unless $pipe is set,
# in which case `cat $input |` feeds it); sets $secs (best wall time) and $rss
# (KiB, of that best run), or returns 1 if the command failed.
best_of() {
    secs="" rss=""
    local i t0 t1 s
    for ((i = 0; i < runs; i++)); do
        t0=$(date +%s%N)
        if [ -n "${pipe:-}" ]; then
            cat "$input" | /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err"
        else
            /usr/bin/time -f %M -o "$tmp/rss" "$@" </dev/null >/dev/null 2>"$tmp/err"
        fi
        local rc=$?
        t1=$(date +%s%N)
        [ $rc = 0 ] || return 1
        s=$(( t1 - t0 ))
        if [ -z "$secs" ] || [ "$s" -lt "$secs" ]; then
            secs=$s
            rss=$(tail -1 "$tmp/rss")
        fi
    done
}

mbs() { awk -v b="$1" -v ns="$2" 'BEGIN { printf "%.0f", b / (ns / 1e9) / 1e6 }'; }
ratio() {
    case "$1$2" in *[!0-9.]*|"") echo "-"; return;; esac
    [ "$2" = 0 ] && { echo "-"; return; }
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}
mark() { # ratio target
    [ "$1" = "-" ] && { echo "-"; return; }
    awk -v r="$1" -v t="$2" 'BEGIN { printf "%s%s", r, (r + 0 >= t ? "" : " !") }'
}

# Whether a tool's output really is in the row's encoding (recode_rs writes
# UTF-8 when asked for UTF-16, as encoding_rs's output encoding for UTF-16 is
# UTF-8).
utf16_ok() { # CMD...: output starts with the input's first characters in UTF-16LE
    { "$@" 2>/dev/null || true; } | head -c 64 | python3 -c '
import sys
want = open(sys.argv[1], "rb").read(256).decode("utf-8", "ignore")[:16].encode("utf-16-le")
sys.exit(0 if sys.stdin.buffer.read().startswith(want) else 1)' "$input"
}

results=()
rss_rows=()
printf 'input %s MiB per row, best of %s; wenc %s\n' "$mib" "$runs" "$wenc" >&2
for row in "${rows[@]}"; do
    IFS='|' read -r name kind label iconv_name uconv_name codec langs <<<"$row"
    if [ ${#filters[@]} -gt 0 ]; then
        hit=0
        for f in "${filters[@]}"; do [[ ${name,,} == *"${f,,}"* ]] && hit=1; done
        [ $hit = 1 ] || continue
    fi
    input=$tmp/input
    # shellcheck disable=SC2086
    make_input "$kind" "$codec" "$input" $langs || exit 2
    bytes=$(stat -c %s "$input")
    if [ "$kind" = decode ]; then
        from_w=$label to_w=utf-8 from_i=$iconv_name to_i=UTF-8 from_u=$uconv_name to_u=utf-8
    else
        from_w=utf-8 to_w=$label from_i=UTF-8 to_i=$iconv_name from_u=utf-8 to_u=$uconv_name
    fi
    declare -A speed=() mem=()
    for tool in wenc "wenc-j1" "wenc|" iconv uconv recode_rs cat; do
        pipe=""
        case $tool in
            wenc) cmd=("$wenc" -f "$from_w" -t "$to_w" "$input") ;;
            wenc-j1)
                if ! "$wenc" --help 2>/dev/null | grep -q -- --jobs; then
                    speed[$tool]="no -j"; mem[$tool]="-"; continue
                fi
                cmd=("$wenc" -j 1 -f "$from_w" -t "$to_w" "$input") ;;
            "wenc|") pipe=1; cmd=("$wenc" -f "$from_w" -t "$to_w") ;;
            iconv) cmd=(iconv -f "$from_i" -t "$to_i" "$input") ;;
            uconv) cmd=(uconv -f "$from_u" -t "$to_u" "$input") ;;
            recode_rs) cmd=(recode_rs -f "$from_w" -t "$to_w" "$input") ;;
            cat) cmd=(cat "$input") ;;
        esac
        bin=${cmd[0]}
        if ! have "$bin"; then
            speed[$tool]="absent"; mem[$tool]="-"; continue
        fi
        if [ "$to_w" = utf-16le ] && [ "$tool" != cat ] && { [ "$tool" = "wenc|" ] \
            && [ "${speed[wenc]}" = "no UTF-16" ] || { [ "$tool" = wenc-j1 ] \
            && [ "${speed[wenc]}" = "no UTF-16" ]; } || { [ -z "$pipe" ] && ! utf16_ok "${cmd[@]}"; }; }; then
            speed[$tool]="no UTF-16"; mem[$tool]="-"; continue
        fi
        if best_of "${cmd[@]}"; then
            speed[$tool]=$(mbs "$bytes" "$secs")
            mem[$tool]=$(( (rss + 512) / 1024 ))
        else
            speed[$tool]="error"; mem[$tool]="-"
            echo "$tool failed on $name: $(head -c 200 "$tmp/err")" >&2
        fi
    done
    w=${speed[wenc]}
    r_iconv=$(mark "$(ratio "$w" "${speed[iconv]}")" 3)
    r_recode=$(mark "$(ratio "$w" "${speed[recode_rs]}")" 1.5)
    r_uconv=$(mark "$(ratio "$w" "${speed[uconv]}")" 2)
    r_cat=$(ratio "$w" "${speed[cat]}")
    case $name in "UTF-8 -> UTF-8"|windows-1252*) r_cat=$(mark "$r_cat" 0.5) ;; esac
    line=$(printf '| %-32s | %4s | %6s | %7s | %6s | %6s | %6s | %9s | %6s | %7s | %9s | %7s | %6s |' \
        "$name" "$(( bytes / 1048576 ))" "$w" "${speed[wenc-j1]}" "${speed[wenc|]}" "${speed[iconv]}" \
        "${speed[uconv]}" "${speed[recode_rs]}" "${speed[cat]}" \
        "$r_iconv" "$r_recode" "$r_uconv" "$r_cat")
    echo "$line" >&2
    results+=("$line")
    rss_rows+=("$(printf '| %-32s | %6s | %7s | %6s | %6s | %6s | %9s |' "$name" \
        "${mem[wenc]}" "${mem[wenc-j1]}" "${mem[wenc|]}" "${mem[iconv]}" "${mem[uconv]}" "${mem[recode_rs]}")")
    unset speed mem
done

echo
echo "Throughput, MB/s (10^6 input bytes/s, whole process, best of $runs; ratios are wenc (file) over the tool; ! = below target: iconv 3, recode_rs 1.5, uconv 2, cat 0.5 on the UTF-8 and windows-1252 rows)"
echo
printf '| %-32s | %4s | %6s | %7s | %6s | %6s | %6s | %9s | %6s | %7s | %9s | %7s | %6s |\n' \
    row MiB wenc "wenc-j1" "wenc|" iconv uconv recode_rs cat "×iconv" "×recode_rs" "×uconv" "×cat"
echo "|----------------------------------|------|--------|---------|--------|--------|--------|-----------|--------|---------|-----------|---------|--------|"
printf '%s\n' "${results[@]}"
echo
echo "Peak RSS, MiB"
echo
printf '| %-32s | %6s | %7s | %6s | %6s | %6s | %9s |\n' row wenc "wenc-j1" "wenc|" iconv uconv recode_rs
echo "|----------------------------------|--------|---------|--------|--------|--------|-----------|"
printf '%s\n' "${rss_rows[@]}"

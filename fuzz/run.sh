#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) and reports executions,
# coverage and crashes per target. Exit status 1 if any target crashed.
#
#   fuzz/run.sh 60
#   WENC_FUZZ_SANITIZER=none fuzz/run.sh 60   # without AddressSanitizer
#   WENC_FUZZ_KEEP_GOING=1 fuzz/run.sh 600    # fork mode: continue after crashes
#   fuzz/run.sh 60 decode encode              # only these targets
#
# Only the stable toolchain is installed: RUSTC_BOOTSTRAP=1 lets it accept the
# -Z flag cargo-fuzz passes for ASan (-Zsanitizer=address); with
# WENC_FUZZ_SANITIZER=none no -Z flag is passed. See fuzz/README.md.
set -uo pipefail
secs=${1:-60}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$here"
sanitizer=${WENC_FUZZ_SANITIZER:-address}
[ "$sanitizer" = none ] || export RUSTC_BOOTSTRAP=1

if ! command -v cargo-fuzz >/dev/null; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 2
fi
if [ $# -gt 0 ]; then targets="$*"; else targets=$(cargo fuzz list); fi

# Seed corpora from the Wikipedia corpus, once.
need_seeds=0
for t in $targets; do
    [ -n "$(ls -A "corpus/$t" 2>/dev/null)" ] || need_seeds=1
done
if [ $need_seeds = 1 ]; then
    echo "== writing seed corpora"
    (cd "$root" && WENC_FUZZ_SEED_DIR="$here/corpus" \
        cargo test -q --test it -- --ignored --exact fuzz_regressions::write_fuzz_seeds \
        >/dev/null 2>&1) || echo "   (seeding failed; starting from empty corpora)"
fi

echo "== building targets (sanitizer: $sanitizer)"
for t in $targets; do
    if ! cargo fuzz build --sanitizer "$sanitizer" "$t" >"/tmp/wenc-fuzz-build-$t.log" 2>&1; then
        echo "build of $t failed; see /tmp/wenc-fuzz-build-$t.log" >&2
        tail -20 "/tmp/wenc-fuzz-build-$t.log" >&2
        exit 2
    fi
done

mkdir -p logs
extra=()
if [ "${WENC_FUZZ_KEEP_GOING:-0}" != 0 ]; then
    extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
status=0
summary=()
for t in $targets; do
    mkdir -p "artifacts/$t" "corpus/$t"
    before=$(ls "artifacts/$t" | wc -l)
    echo "== $t: ${secs}s"
    start=$(date +%s)
    cargo fuzz run --sanitizer "$sanitizer" "$t" -- \
        -max_total_time="$secs" -max_len=4096 -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 "${extra[@]}" >"logs/$t.log" 2>&1
    rc=$?
    took=$(( $(date +%s) - start ))
    execs=$(grep -a 'stat::number_of_executed_units' "logs/$t.log" | tail -1 | awk '{print $2}')
    [ -n "$execs" ] || execs=$(grep -ao '^#[0-9]*' "logs/$t.log" | tail -1 | tr -d '#')
    cov=$(grep -ao 'cov: [0-9]*' "logs/$t.log" | tail -1 | awk '{print $2}')
    units=$(ls "corpus/$t" | wc -l)
    after=$(ls "artifacts/$t" | wc -l)
    crashes=$((after - before))
    verdict=ok
    if [ $rc != 0 ] || [ $crashes != 0 ]; then
        verdict="FAILED (exit $rc, $crashes new artifacts)"
        status=1
        grep -a -m1 -A3 "panicked at\|ERROR: AddressSanitizer\|ERROR: libFuzzer" "logs/$t.log" | head -8
        for f in $(ls -t "artifacts/$t" | head -n "$crashes"); do
            echo "   artifact: fuzz/artifacts/$t/$f"
            echo "   replay:   RUSTC_BOOTSTRAP=1 cargo fuzz run $t artifacts/$t/$f"
            echo "   keep:     cp fuzz/artifacts/$t/$f tests/fuzz-regressions/$t/"
        done
    fi
    summary+=("$(printf '%-18s %6ss %12s execs  cov %6s  corpus %5s  %s' \
        "$t" "$took" "${execs:-?}" "${cov:-?}" "$units" "$verdict")")
done

echo
echo "== summary (${secs}s per target, sanitizer $sanitizer; logs in fuzz/logs/)"
printf '%s\n' "${summary[@]}"
exit $status

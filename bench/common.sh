# Sourced by the scripts in bench/ (`. "$(dirname "$0")/common.sh" NAME`):
# sets $root (the crate), $corpus (WENC_CORPUS, or shared/corpus/wikipedia
# beside the crate or the directory holding its git worktree), $wenc
# (WENC_BIN, or target/release/wenc, built here) and $tmp (a fresh directory
# named after NAME, removed at exit). Exits with status 2 when something the
# benchmarks need is missing.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

corpus=${WENC_CORPUS:-}
if [ -z "$corpus" ]; then
    for d in "$root/../shared/corpus/wikipedia" "$root/../../shared/corpus/wikipedia"; do
        [ -f "$d/en.txt" ] && corpus=$(cd "$d" && pwd) && break
    done
fi
[ -n "$corpus" ] || { echo "corpus not found (set WENC_CORPUS)"; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time"; exit 2; }

if [ -n "${WENC_BIN:-}" ]; then
    wenc=$WENC_BIN
else
    echo "building wenc (release)..." >&2
    (cd "$root" && cargo build --release --quiet --bin wenc) || exit 2
    wenc=$root/target/release/wenc
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wenc-$1.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

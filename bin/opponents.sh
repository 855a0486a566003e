#!/usr/bin/env bash
# Installs the outside engines that `dama match` can meet, outside this
# repository (default: ~/.local/share/dama-opponents, or the directory
# given as the first argument), and prints the `--engine` items to use.
#
#   dame-rs   PyPI package `dame-rs` in its own virtual environment;
#             command `dame hub` (the Hub protocol).
#   Scan      Fabien Letouzey's engine, built from its public source with
#             make (needs git, g++ and make; network access to GitHub, or
#             SCAN_REPO=<a clone or mirror of rhalbersma/scan>):
#             Scan 3.1 (the newest commit) speaks the Hub protocol of
#             `dama match proto=hub`; Scan 2.0 (commit 57082ee) speaks the
#             first Hub protocol, `proto=hub1` (international draughts
#             only). Scan reads scan.ini and its data/ directory from the
#             working directory: run it with dir=.
set -euo pipefail
dest="${1:-$HOME/.local/share/dama-opponents}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"

echo "== dame-rs"
if [ ! -x "$dest/dame/bin/dame" ]; then
  python3 -m venv "$dest/dame"
  "$dest/dame/bin/pip" install -q --disable-pip-version-check dame-rs
fi
"$dest/dame/bin/dame" --version

repo="${SCAN_REPO:-https://github.com/rhalbersma/scan}"
# build DIR [COMMIT]: Scan at COMMIT (default: the newest), built in DIR
# (its scan.ini and data/ beside the program).
build() {
  local dir="$1" commit="${2:-HEAD}"
  if [ ! -x "$dir/scan" ]; then
    if [ ! -d "$dir/.git" ]; then
      git clone -q --no-checkout "$repo" "$dir" || return 1
    fi
    git -C "$dir" reset -q --hard "$commit" || return 1
    # Scan 2.0's Makefile includes a .depend that its source lacks.
    [ -e "$dir/src/.depend" ] || touch "$dir/src/.depend"
    make -C "$dir/src" -j"$(nproc)" >/dev/null || return 1
    cp "$dir/src/scan" "$dir/scan" || return 1
  fi
  ls "$dir/data"
}

# A mirror may lack some of Scan 3.1's data files (data/eval*,
# data/book_frisian) yet hold all of Scan 2.0's, so one failure does not
# stop the other.
failed=0
echo "== Scan 3.1"
build "$dest/scan" || { echo "Scan 3.1 was not built (see above)" >&2; failed=1; }
echo "== Scan 2.0"
build "$dest/scan2" 57082ee || { echo "Scan 2.0 was not built (see above)" >&2; failed=1; }

echo
echo "Engines for dama match:"
echo "  --engine name=dame-rs cmd=$dest/dame/bin/dame arg=hub proto=hub"
[ -x "$dest/scan/scan" ] &&
  echo "  --engine name=scan cmd=$dest/scan/scan arg=hub proto=hub dir=$dest/scan"
[ -x "$dest/scan2/scan" ] &&
  echo "  --engine name=scan2 cmd=$dest/scan2/scan arg=hub proto=hub1 dir=$dest/scan2"
exit "$failed"

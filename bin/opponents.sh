#!/usr/bin/env bash
# Installs the outside engines that `dama match` can meet, outside this
# repository (default: ~/.local/share/dama-opponents, or the directory
# given as the first argument), and prints the `--engine` items to use.
#
#   dame-rs   PyPI package `dame-rs` in its own virtual environment;
#             command `dame hub` (the Hub protocol).
#   Scan      Fabien Letouzey's engine, built from its public source with
#             make (needs git, g++ and make; network access to GitHub).
#             Scan 3.x speaks the Hub protocol of `dama match proto=hub`;
#             Scan 2.0 (`git checkout 57082ee`) speaks the first Hub
#             protocol (`move …` replies), which dama does not speak yet.
#             Scan reads its data/ directory from the working directory:
#             run it with dir=.
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

echo "== Scan"
if [ ! -x "$dest/scan/scan" ]; then
  if [ ! -d "$dest/scan/.git" ]; then
    git clone -q https://github.com/rhalbersma/scan "$dest/scan"
  fi
  make -C "$dest/scan/src" -j"$(nproc)" >/dev/null
  cp "$dest/scan/src/scan" "$dest/scan/scan"
fi
ls "$dest/scan/data"

cat <<EOT

Engines for dama match:
  --engine name=dame-rs cmd=$dest/dame/bin/dame arg=hub proto=hub
  --engine name=scan cmd=$dest/scan/scan arg=hub proto=hub dir=$dest/scan
EOT

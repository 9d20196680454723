#!/usr/bin/env bash
# Prepares .gpu/ for a lent GPU machine: ../shared/tools/gpu/prepare.sh (our CLI, the Vulkan loader, llama.cpp's
# Vulkan llama-bench), plus the Debian libraries our CLI has needed since the document library and embeddings
# landed (SQLite and zlib), which the bare machine lacks: the scripts there unpack every .deb in .gpu/debs next to
# the CLI. Then carry '.gpu' and run: bash tests/gpu/lent_gpu.sh
# usage: tests/gpu/prepare.sh [PATH/TO/smoldesk-cli]   (a CLI built without Qt: README, "Vulkan on a real GPU")
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cd "$root"
bash ../shared/tools/gpu/prepare.sh "$@"
lists=$(mktemp -d); mkdir -p "$lists/partial"
o="-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=$lists"
apt-get $o update -qq
(cd .gpu/debs && apt-get $o download libsqlite3-0 zlib1g >/dev/null)
rm -rf "$lists"
# Every library the CLI links must be in a .deb there or on any Debian-like machine's base system.
missing=$(ldd .gpu/smoldesk-cli | awk '/=>/ {print $1}' | grep -v -E '^(libc|libm|libstdc\+\+|libgcc_s|ld-linux|libpthread|libdl|librt)\.' |
    while read -r lib; do
        found=0
        for d in .gpu/debs/*.deb; do dpkg -c "$d" 2>/dev/null | grep -F "/$lib" >/dev/null && { found=1; break; }; done
        [ $found = 1 ] || echo "$lib"
    done)
[ -z "$missing" ] || { echo "tests/gpu/prepare.sh: the CLI needs libraries .gpu does not carry: $missing" >&2; exit 1; }
# The machine takes at most 64 MiB, tree and carried files together: the CLI goes stripped and xz-packed
# (5 MB -> 1.5 MB); tests/gpu/lent_gpu.sh unpacks it there (the machine has xz: it unpacks the test data too).
strip -s .gpu/smoldesk-cli && xz -9 -f .gpu/smoldesk-cli
tree=$( { git ls-files -z; git ls-files -z --others --exclude-standard; } | xargs -0 du -cb 2>/dev/null | awk '$2=="total"{s+=$1} END{print s}')
gpu=$(du -sb .gpu | cut -f1); gl=$(du -sb .gl 2>/dev/null | cut -f1); gl=${gl:-0}
echo "tests/gpu/prepare.sh: .gpu/ $((gpu / 1048576)) MiB, .gl $((gl / 1048576)) MiB, the tree $((tree / 1048576)) MiB"
[ $((tree + gpu + gl)) -lt $((63 * 1048576)) ] ||
    echo "tests/gpu/prepare.sh: together over 63 MiB; a GPU machine takes at most 64: shrink tests/data first" >&2

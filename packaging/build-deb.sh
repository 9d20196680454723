#!/usr/bin/env bash
# Builds the Debian package the way it is shipped (hardening flags on, no tests) in build-deb/
# and checks it with lintian. Usage: packaging/build-deb.sh [BUILD_DIR]
# Needs lintian (Debian: lintian) besides packaging/install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-deb}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSMOLDESK_HARDENING=ON \
  -DSMOLDESK_BUILD_TESTS=OFF "${launcher[@]}"
cmake --build "$build" -j"${JOBS:-2}"
(cd "$build" && cpack -G DEB)
deb=$(ls "$build"/smoldesk_*.deb)
echo "package: $deb ($(stat -c %s "$deb") bytes)"
if command -v lintian >/dev/null; then
  # --pedantic shows everything; the README lists and justifies what remains.
  lintian --info --display-info --pedantic "$deb" || true
  # Fails on errors only (lintian's exit status with --fail-on error).
  lintian --fail-on error "$deb"
else
  echo "build-deb: lintian not installed (Debian: lintian); package not checked" >&2
  exit 1
fi

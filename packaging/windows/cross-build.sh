#!/usr/bin/env bash
# Cross-compiles the engine (core/) and smoldesk-cli for Windows x86-64 with Debian's MinGW-w64,
# and the two libraries core/text needs, PCRE2 and SentencePiece, from Debian's own source
# packages (apt-get source through a private deb-src list: the system's apt setup is untouched).
# Then packaging/windows/wine-goldens.sh runs the result under Wine against the logit goldens.
#
# Usage: packaging/windows/cross-build.sh [OUT_DIR]       (default build-win; JOBS=2)
# Host packages: g++-mingw-w64-x86-64-posix dpkg-dev cmake ninja-build glslang-tools libvulkan-dev
# Result: OUT_DIR/smoldesk/bin/smoldesk-cli.exe (static: no DLLs beside it).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
out=$(realpath -m "${1:-build-win}")
prefix=$out/prefix
src=$out/src
jobs=${JOBS:-2}
toolchain=$repo/packaging/windows/mingw-w64-x86_64.cmake
start=$(date +%s)
step() { echo "== [$(($(date +%s) - start)) s] $*"; }
mkdir -p "$out" "$prefix/include" "$prefix/lib/pkgconfig" "$src"

if [ ! -d "$src/pcre2" ] || [ ! -d "$src/sentencepiece" ]; then
  step "Debian source packages: pcre2, sentencepiece"
  apt_dir=$out/apt
  mkdir -p "$apt_dir/lists/partial"
  mirror=${MIRROR:-http://deb.debian.org/debian}
  echo "deb-src $mirror bookworm main" >"$apt_dir/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists")
  apt-get "${apt_opts[@]}" update -qq
  (cd "$src" && apt-get "${apt_opts[@]}" source --download-only pcre2 sentencepiece 2>&1 | grep -v '^W: Download is performed unsandboxed')
  (cd "$src" && rm -rf pcre2 sentencepiece &&
    dpkg-source -x pcre2_*.dsc pcre2 >/dev/null && dpkg-source -x sentencepiece_*.dsc sentencepiece >/dev/null)
  # Debian builds SentencePiece as a shared library only; a static one keeps smoldesk-cli.exe
  # a single file, so that one Debian patch is undone.
  (cd "$src/sentencepiece" && patch -R -p1 -s <debian/patches/disable-static-library.patch)
fi

common=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix")
if command -v ccache >/dev/null; then
  common+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

if [ ! -f "$prefix/lib/libpcre2-8.a" ]; then
  step "PCRE2 (static, 8-bit, JIT)"
  cmake -S "$src/pcre2" -B "$out/pcre2-build" "${common[@]}" -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON \
    -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF -DPCRE2_SUPPORT_JIT=ON >"$out/pcre2.log"
  cmake --build "$out/pcre2-build" -j"$jobs" >>"$out/pcre2.log"
  cmake --install "$out/pcre2-build" >>"$out/pcre2.log"
fi

if [ ! -f "$prefix/lib/libsentencepiece.a" ]; then
  step "SentencePiece (static, built-in protobuf-lite)"
  cmake -S "$src/sentencepiece" -B "$out/spm-build" "${common[@]}" -DSPM_ENABLE_SHARED=OFF \
    -DSPM_ENABLE_TCMALLOC=OFF -DSPM_USE_BUILTIN_PROTOBUF=ON >"$out/spm.log"
  # Only the library: the trainer and the command-line tools are not needed.
  cmake --build "$out/spm-build" -j"$jobs" --target sentencepiece-static >>"$out/spm.log"
  cp "$out/spm-build/src/libsentencepiece.a" "$prefix/lib/"
  cp "$src/sentencepiece/src/sentencepiece_processor.h" "$prefix/include/"
  cat >"$prefix/lib/pkgconfig/sentencepiece.pc" <<EOF
prefix=$prefix
Name: sentencepiece
Description: Unsupervised text tokenizer (static, cross-built for Windows)
Version: $(sed -n 's/^sentencepiece (\([^-]*\).*/\1/p;q' "$src/sentencepiece/debian/changelog")
Libs: -L\${prefix}/lib -lsentencepiece
Cflags: -I\${prefix}/include
EOF
fi

# The engine's Vulkan backend compiles against the headers only (the loader is opened at run
# time); Debian ships no MinGW copy, and the host's are plain headers, so they are copied.
mkdir -p "$prefix/include"
cp -r /usr/include/vulkan /usr/include/vk_video "$prefix/include/"

step "SmolDesk engine and smoldesk-cli (no Qt: the desktop app is not part of this proof)"
# CMake re-roots pkg-config's absolute library folders under the MinGW sysroot, misses the
# libraries and falls back to plain -l names: -L makes those resolve.
PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig cmake -S "$repo" -B "$out/smoldesk-build" "${common[@]}" \
  -DCMAKE_EXE_LINKER_FLAGS="-static -L$prefix/lib" \
  -DCMAKE_INSTALL_PREFIX="$out/smoldesk" -DSMOLDESK_BUILD_APP=OFF -DSMOLDESK_BUILD_TESTS=OFF \
  -DCMAKE_CXX_FLAGS=-DPCRE2_STATIC -DVulkan_INCLUDE_DIR="$prefix/include" \
  -DVulkan_LIBRARY="$prefix/include/vulkan/vulkan.h" >"$out/smoldesk.log" # FindVulkan insists on a library path; only Vulkan::Headers is used
PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig cmake --build "$out/smoldesk-build" -j"$jobs" --target smoldesk-cli \
  >>"$out/smoldesk.log" || { tail -40 "$out/smoldesk.log"; exit 1; }
mkdir -p "$out/smoldesk/bin"
cp "$out/smoldesk-build/bin/smoldesk-cli.exe" "$out/smoldesk/bin/"
x86_64-w64-mingw32-strip "$out/smoldesk/bin/smoldesk-cli.exe"
step "built $out/smoldesk/bin/smoldesk-cli.exe ($(stat -c %s "$out/smoldesk/bin/smoldesk-cli.exe") bytes)"
echo "DLLs it imports: $(x86_64-w64-mingw32-objdump -p "$out/smoldesk/bin/smoldesk-cli.exe" | awk '/DLL Name/ {printf "%s ", $3}')"

#!/usr/bin/env bash
# Installs every Debian 12 package that SmolDesk's build, tests and app need.
# This is the single list of dependencies. Idempotent: a quick no-op when all are present.
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config git clang-format
  # CI's fuzzing step (tests/fuzz/run_ci.sh): clang, libFuzzer and the sanitizer runtimes, and
  # llvm-symbolizer (in llvm) for readable stacks in sanitizer reports
  clang libclang-rt-dev llvm
  # Qt 6 (app, tests)
  qt6-base-dev qt6-declarative-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
  qml6-module-qtquick-dialogs qml6-module-qtquick-templates qml6-module-qtquick-window
  qml6-module-qtqml-workerscript qml6-module-qtquick-shapes qml6-module-qttest
  qml6-module-qtcore qml6-module-qtqml-models qml6-module-qt-labs-platform
  qml6-module-qt-labs-folderlistmodel libqt6svg6
  libqt6sql6-sqlite libgl-dev
  # API keys of remote endpoints in the platform's secret store (CMake: SMOLDESK_REQUIRE_KEYCHAIN)
  qtkeychain-qt6-dev
  # its test: gnome-keyring's Secret Service in a private D-Bus session, and libsecret's secret-tool
  gnome-keyring dbus libsecret-tools
  # text
  libpcre2-dev libsentencepiece-dev
  # the document library's index (core/retrieval: SQLite with FTS5), and zlib for DOCX/ODT
  libsqlite3-dev zlib1g-dev
  # PDF text for the document library (app/library: Qt PDF, i.e. pdfium), and Qt PDF Quick for the
  # in-app viewer of cited PDFs (app/qml/SourcePdfView.qml)
  qt6-pdf-dev qml6-module-qtquick-pdf
  # Vulkan: headers/loader, shader compiler and validator, lavapipe + validation layers for tests
  libvulkan-dev glslang-tools spirv-tools mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  # chat-template reference renders, UI screenshots
  python3 python3-jinja2 xvfb xauth
  # constrained decoding's tests: the official JSON-Schema-Test-Suite and an independent validator
  json-schema-test-suite python3-jsonschema
  # the local API server's tests: curl, and Node.js for the official OpenAI JavaScript client
  curl nodejs
  # manual pages from --help (build), desktop entry and AppStream checks (tests)
  help2man desktop-file-utils appstream
)

# npm packages the tests run, pinned, installed now and never at build or test time (tests read them
# from here, or from SMOLDESK_NPM_PREFIX): the OpenAI JavaScript client for tests/server
# (test_server_cli), and for tests/mcp the official MCP servers (everything, filesystem) and the
# MCP TypeScript SDK (a Streamable HTTP server in a test script). One npm install for all, because
# a later `npm install --no-save` into the same prefix prunes what an earlier one put there.
NPM_PREFIX="${SMOLDESK_NPM_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/smoldesk-npm}"
NPM_PACKAGES=(
  openai@4.104.0
  @modelcontextprotocol/server-everything@2026.8.31
  @modelcontextprotocol/server-filesystem@2026.8.31
  @modelcontextprotocol/sdk@1.32.2
)

install_npm_packages() {
  local spec name version all_present=1
  for spec in "${NPM_PACKAGES[@]}"; do
    name="${spec%@*}"
    version="${spec##*@}"
    if ! [ -f "$NPM_PREFIX/node_modules/$name/package.json" ] ||
       ! grep -q "\"version\": \"$version\"" "$NPM_PREFIX/node_modules/$name/package.json"; then
      all_present=0
    fi
  done
  [ "$all_present" -eq 1 ] && return
  echo "install-deps: installing the npm packages ${NPM_PACKAGES[*]} into $NPM_PREFIX"
  mkdir -p "$NPM_PREFIX"
  npm install --prefix "$NPM_PREFIX" --no-audit --no-fund --no-save "${NPM_PACKAGES[@]}"
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# Debian's npm, unless the installed Node.js brings its own (NodeSource's nodejs does, and
# conflicts with Debian's npm package).
command -v npm >/dev/null 2>&1 || missing+=(npm)

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
else
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

install_npm_packages

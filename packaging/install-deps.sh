#!/usr/bin/env bash
# Installs every Debian 12 package that SmolDesk's build, tests and app need.
# This is the single list of dependencies. Idempotent: a quick no-op when all are present.
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config git clang-format
  # Qt 6 (app, tests)
  qt6-base-dev qt6-declarative-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
  qml6-module-qtquick-dialogs qml6-module-qtquick-templates qml6-module-qtquick-window
  qml6-module-qtqml-workerscript qml6-module-qtquick-shapes qml6-module-qttest
  qml6-module-qtcore qml6-module-qtqml-models qml6-module-qt-labs-platform
  qml6-module-qt-labs-folderlistmodel libqt6svg6
  libqt6sql6-sqlite libgl-dev
  # text
  libpcre2-dev libsentencepiece-dev
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

# The OpenAI JavaScript client for tests/server (test_server_cli reads it from here, or from
# SMOLDESK_NPM_PREFIX): installed now, never at build or test time.
NPM_PREFIX="${SMOLDESK_NPM_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/smoldesk-npm}"
OPENAI_NPM_VERSION="4.104.0"

install_openai_client() {
  if [ -f "$NPM_PREFIX/node_modules/openai/package.json" ] &&
     grep -q "\"version\": \"$OPENAI_NPM_VERSION\"" "$NPM_PREFIX/node_modules/openai/package.json"; then
    return
  fi
  echo "install-deps: installing the openai npm package $OPENAI_NPM_VERSION into $NPM_PREFIX"
  mkdir -p "$NPM_PREFIX"
  npm install --prefix "$NPM_PREFIX" --no-audit --no-fund --no-save "openai@$OPENAI_NPM_VERSION"
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

install_openai_client

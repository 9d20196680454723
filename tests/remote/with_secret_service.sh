#!/bin/sh
# Runs a command inside a private D-Bus session bus with gnome-keyring's Secret Service started and
# its login keyring unlocked, in a scratch HOME: the desktop's secret store, on a headless machine,
# without touching the user's own keyring. Usage: with_secret_service.sh COMMAND [ARGS…]
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
export HOME="$dir" XDG_DATA_HOME="$dir/data" XDG_CONFIG_HOME="$dir/config" XDG_RUNTIME_DIR="$dir"
chmod 700 "$dir"
dbus-run-session -- sh -c '
    # --unlock reads the login keyring password on stdin and creates that keyring the first time.
    printf smoldesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    exec "$@"' sh "$@"

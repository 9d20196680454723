#!/usr/bin/env bash
# Installs the .deb as a new user would, in a clean Debian 12 root, and checks what a person sees:
#   1. debootstrap a minbase bookworm root (cached as a tarball for the next run),
#   2. apt installs the package there, resolving every dependency (recommends included),
#   3. smoldesk-cli answers on the bundled demo model,
#   4. smoldesk starts under Xvfb (screenshot), and a .gguf opened through the desktop's file
#      association (gio open) starts it with that file (second screenshot),
#   5. apt purges the package: nothing of it remains, only the user's data.
# Usage (root): packaging/test-install.sh path/to/smoldesk_VERSION_ARCH.deb [WORK_DIR]
# Needs debootstrap on the host and a reachable Debian mirror (apt's configured one).
# Screenshots: WORK_DIR/shot-started.png, WORK_DIR/shot-opened.png. Not part of CTest (minutes).
set -euo pipefail

deb=$(realpath "$1")
work=$(realpath -m "${2:-build-test-install}")
mirror=${MIRROR:-http://deb.debian.org/debian}
root=$work/root
cache=$work/bookworm-minbase.tar
start=$(date +%s)
step() { echo "== [$(($(date +%s) - start)) s] $*"; }
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }

cleanup() {
  for m in dev/pts dev proc sys; do mountpoint -q "$root/$m" && umount -l "$root/$m"; done
  return 0
}
trap cleanup EXIT

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot, mounts)"
command -v debootstrap >/dev/null || fail "debootstrap not installed (Debian: debootstrap)"
mkdir -p "$work"
cleanup
rm -rf "$root"
if [ -f "$cache" ]; then
  step "clean root from cache $cache"
  mkdir -p "$root" && tar -xf "$cache" -C "$root"
else
  step "debootstrap --variant=minbase bookworm ($mirror)"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; fail "debootstrap"; }
  tar -cf "$cache" -C "$root" .
fi
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
as_user() {
  chroot --userspec=tester:tester "$root" env -i PATH=/usr/bin:/bin HOME=/home/tester USER=tester \
    LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp/tester-runtime "$@"
}

step "apt-get update"
in_root apt-get update -qq
cp "$deb" "$root/tmp/"
debname=$(basename "$deb")
step "sizes apt reports on the clean root (with and without recommends)"
for mode in "" "--no-install-recommends"; do
  echo "-- apt-get install ${mode:-(default: with recommends)}"
  in_root apt-get install --assume-no $mode "/tmp/$debname" >"$work/apt-size.log" 2>&1 || true
  grep -E "^(Need to get|After this operation)" "$work/apt-size.log"
  # Which packages come only with recommends (-- what apt lists as NEW, less the plain install).
  sed -n '/NEW packages will be installed/,/^[0-9]/p' "$work/apt-size.log" | grep '^ ' | tr -s ' ' '\n' |
    grep . | sort >"$work/new${mode:+-norec}.txt"
done
echo "recommends add $(comm -23 "$work/new.txt" "$work/new-norec.txt" | wc -l) packages:" \
  "$(comm -23 "$work/new.txt" "$work/new-norec.txt" | tr '\n' ' ')"

step "the desktop a user has, and the test's own tools (Xvfb, xwd, netpbm)"
# Not SmolDesk's dependencies: a file manager's MIME and desktop databases and gio (the desktop),
# an X server and screenshot tools (the test).
in_root apt-get install -y -qq --no-install-recommends shared-mime-info desktop-file-utils libglib2.0-bin \
  xdg-utils xvfb xauth x11-apps netpbm procps >"$work/apt-tools.log" 2>&1 || { tail "$work/apt-tools.log"; fail "tools"; }
in_root useradd -m tester
mkdir -p "$root/tmp/tester-runtime" && in_root chown tester:tester /tmp/tester-runtime && chmod 700 "$root/tmp/tester-runtime"
snapshot() { (cd "$root" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev \) -prune -o -print | sort); }
snapshot >"$work/files-before.txt"


step "apt-get install ./$debname (recommends included, as a double-click would)"
t0=$(date +%s)
in_root apt-get install -y -qq "/tmp/$debname" >"$work/apt-install.log" 2>&1 ||
  { tail -30 "$work/apt-install.log"; fail "apt-get install"; }
echo "installed in $(($(date +%s) - t0)) s"

step "smoldesk-cli on the demo model"
model=/usr/share/smoldesk/models/stories260K.gguf
out=$(as_user smoldesk-cli run -m "$model" -p "Once upon a time" -n 24 --temp 0 2>"$work/cli.err") ||
  { cat "$work/cli.err"; fail "smoldesk-cli run"; }
echo "$out"
# The greedy continuation llama.cpp gives for this prompt (tests/data/models/stories260K-once.json).
grep -q "there was a little girl named Lily" <<<"$out" || fail "unexpected smoldesk-cli output"
as_user smoldesk-cli --version
as_user man -w smoldesk smoldesk-cli 2>/dev/null || [ -f "$root/usr/share/man/man1/smoldesk-cli.1.gz" ] ||
  fail "manual pages missing"

step "file association: what the desktop's databases say about a .gguf"
cp "$root$model" "$root/home/tester/my model.gguf" && in_root chown tester:tester "/home/tester/my model.gguf"
mime=$(as_user gio info -a standard::content-type "/home/tester/my model.gguf" | awk '/content-type/ {print $2}')
app=$(as_user xdg-mime query default application/x-gguf)
echo "content type: $mime; default application: $app"
[ "$mime" = application/x-gguf ] || fail "a .gguf is not application/x-gguf (shared-mime-info)"
[ "$app" = io.github.smoldesk.smoldesk.desktop ] || fail "SmolDesk is not the default application for .gguf"

step "smoldesk under Xvfb, then gio open on a .gguf"
cat >"$root/tmp/desktop-session.sh" <<'EOF'
#!/bin/sh
# Runs inside xvfb-run as the user: the app as the menu starts it, then a file opened like a
# double-click in a file manager (gio open → the desktop entry's Exec line).
set -u
smoldesk &
app=$!
sleep 12
xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >/tmp/shot-started.png
kill $app
wait $app
gio open "$HOME/my model.gguf"
sleep 12
ps -eo args | grep '^smoldesk' >/tmp/opened-with.txt
xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >/tmp/shot-opened.png
pkill -x smoldesk
sleep 2
EOF
chmod 755 "$root/tmp/desktop-session.sh"
as_user timeout 120 xvfb-run -a -s "-screen 0 1100x750x24" /tmp/desktop-session.sh >"$work/session.log" 2>&1 ||
  { tail -20 "$work/session.log"; fail "desktop session"; }
cp "$root/tmp/shot-started.png" "$root/tmp/shot-opened.png" "$work/"
echo "gio open started: $(cat "$root/tmp/opened-with.txt")"
grep -q "my model.gguf" "$root/tmp/opened-with.txt" || fail "gio open did not start smoldesk with the file"
[ -s "$work/shot-started.png" ] && [ -s "$work/shot-opened.png" ] || fail "no screenshot"
ls "$root/home/tester/.local/share/SmolDesk/" >/dev/null || fail "the app kept no user data"

step "apt-get purge smoldesk; autoremove --purge"
in_root apt-get purge -y -qq smoldesk >"$work/apt-purge.log" 2>&1 || { tail "$work/apt-purge.log"; fail "purge"; }
in_root apt-get autoremove --purge -y -qq >>"$work/apt-purge.log" 2>&1 || fail "autoremove"
snapshot >"$work/files-after.txt"
# What is new since before the install, less apt's and dpkg's own state, logs and temporary files.
comm -13 "$work/files-before.txt" "$work/files-after.txt" |
  grep -vE '^\./(var/(lib/(apt|dpkg)|cache|log)|tmp)(/|$)' >"$work/left.txt" || true
echo "left after purge, outside apt/dpkg state, logs and /tmp: $(wc -l <"$work/left.txt") paths"
sed 's/^/  /' "$work/left.txt" | head -40
grep -v '^\./home/tester' "$work/left.txt" | grep -i smoldesk && fail "files of SmolDesk remain after purge"
grep -qi smoldesk "$root/usr/share/applications/mimeinfo.cache" 2>/dev/null && fail "mimeinfo.cache still lists SmolDesk"
[ -e "$root/usr/share/mime/application/x-gguf.xml" ] && fail "the MIME type remains registered"
grep -q '^\./home/tester/\.local/share/SmolDesk' "$work/left.txt" || fail "user data is expected to remain"
step "PASS: installed, answered, opened a .gguf by association, removed cleanly"

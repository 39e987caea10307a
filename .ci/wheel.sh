#!/usr/bin/env bash
# The package as a user installs it: build the wheel, install it in a fresh virtualenv outside
# the checkout, and play a whole game with bots from it (`lgmail demo`), on the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m pip wheel --quiet --no-deps . -w "$work/dist"
rm -rf build
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --upgrade pip
"$work/venv/bin/pip" install --quiet "$work"/dist/lgmail-*.whl
cd "$work"
for template in fr/public/digest.txt fr/web/topic.html en/web/player.html; do
  test ! -e "$work/venv/lib/"*/site-packages/lgmail/templates/$template \
    && { echo "wheel: the template $template is missing from the package"; exit 1; }
done
"$work/venv/bin/lgmail" demo --players 6 > demo.out 2>&1 || { cat demo.out; exit 1; }
grep -q "Vainqueurs\|Winners\|winners\|gagn" demo.out || { cat demo.out; exit 1; }
ls "$work"/lgmail-data/maildir/new | head -n 1 > /dev/null
echo "wheel: installed outside the checkout, a whole game played ($(ls "$work"/lgmail-data/maildir/new | wc -l) mails)"

# deploy/README.md's "From zero", steps 3, 4 and 7, as far as loopback allows: the installed
# wheel, a data directory of its own, a relay that takes mail (aiosmtpd's, on a free port).
data="$work/var-lib-lgmail"
install -d -m 0700 "$data"
port="$("$work/venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$work/venv/bin/python" -m aiosmtpd -n -l "127.0.0.1:$port" > "$work/relay.out" 2>&1 &
relay=$!
trap 'kill "$relay" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$data/lgmail.toml" <<TOML
[mail]
domain = "village.example.org"
mx = "mx.example.org"
postmaster = "ops@example.net"
relay = "127.0.0.1:$port"
bounce = "bounces@village.example.org"

[dkim]
selector = "lgmail"
TOML
lg=("$work/venv/bin/lgmail" --data "$data")
for _ in $(seq 1 50); do "${lg[@]}" check > "$work/check.out" 2>&1 && break; sleep 0.2; done
"${lg[@]}" dkim-key
"${lg[@]}" check > "$work/check.out" 2>&1 || { cat "$work/check.out"; exit 1; }
grep -q "relay: 127.0.0.1:$port answered" "$work/check.out" || { cat "$work/check.out"; exit 1; }
"${lg[@]}" dns > "$work/dns.out"
grep -q "IN MX 10 mx.example.org." "$work/dns.out" || { cat "$work/dns.out"; exit 1; }
! grep -q "127.0.0.1\|localhost" "$work/dns.out" || { cat "$work/dns.out"; exit 1; }
create=("${lg[@]}" game create guide --mj ops@example.net)
for name in Alice Bruno Chloe David Emma; do create+=(--player "$name <${name,,}@example.org>"); done
"${create[@]}"
"${lg[@]}" game start guide 2> "$work/start.err"
! grep -q "could not reach" "$work/start.err" || { cat "$work/start.err"; exit 1; }
echo "wheel: the deployment guide's commands replayed (check, dkim-key, dns, a game started through the relay)"

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

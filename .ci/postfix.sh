#!/usr/bin/env bash
# Makes sure Postfix is installed, for the tests that run lgmail behind it (tests/postfix).
#
# The tests start a private Postfix of their own (generated main.cf, a temporary queue, a free
# loopback port) and stop it at the end; they need the binaries only. This script installs
# Debian's postfix when it is missing (as a "No configuration" install: the machine's own
# Postfix is neither configured nor started). Idempotent.
set -euo pipefail

if [ -x /usr/sbin/postfix ] && [ -f /etc/postfix/master.cf ]; then
  exit 0
fi
echo "postfix.sh: installing postfix"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi
echo "postfix postfix/main_mailer_type select No configuration" | "${sudo[@]}" debconf-set-selections
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postfix
# the package's master.cf is what the tests start from
test -f /etc/postfix/master.cf || "${sudo[@]}" cp /usr/share/postfix/master.cf.dist /etc/postfix/master.cf

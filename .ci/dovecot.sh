#!/usr/bin/env bash
# Makes sure Dovecot's IMAP server is installed, for the IMAP tests (tests/imap).
#
# The tests start a private Dovecot of their own (generated config, free loopback port, run as
# an unprivileged user) and stop it at the end; they need the binaries only. So this script only
# installs Debian's dovecot-imapd when `dovecot` is missing, and starts no service. Idempotent:
# a second run does nothing.
set -euo pipefail

find_dovecot() {
  command -v dovecot 2>/dev/null || { [ -x /usr/sbin/dovecot ] && echo /usr/sbin/dovecot; } || true
}

dovecot_bin="$(find_dovecot)"
if [ -z "$dovecot_bin" ]; then
  echo "dovecot.sh: installing dovecot-imapd"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null
  dovecot_bin="$(find_dovecot)"
  if [ -z "$dovecot_bin" ]; then
    echo "dovecot.sh: dovecot-imapd installed, yet no dovecot binary found" >&2
    exit 1
  fi
fi
echo "dovecot.sh: $dovecot_bin $("$dovecot_bin" --version)"

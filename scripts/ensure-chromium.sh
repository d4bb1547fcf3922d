#!/usr/bin/env bash
# Makes sure Debian's Chromium (/usr/bin/chromium) is installed for the end-to-end tests and the
# benchmark. If it is missing it is installed with apt-get, the only browser source we use;
# Playwright and Lighthouse never download a browser. Needs root (or passwordless sudo) only
# when something has to be installed.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PACKAGES=()

if [[ -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: $CHROMIUM is installed."
else
  echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package."
  PACKAGES+=(chromium)
fi
if ! dpkg-query -W -f='${Status}' fonts-dejavu-core 2>/dev/null | grep -q 'ok installed'; then
  PACKAGES+=(fonts-dejavu-core)
fi

if ((${#PACKAGES[@]} > 0)); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: apt-get is not available; install ${PACKAGES[*]} by hand." >&2
    exit 1
  fi
  SUDO=()
  if ((EUID != 0)); then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO=(sudo -n)
    else
      echo "ensure-chromium: need root to install ${PACKAGES[*]}; run as root or install them first." >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=300 update
  "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y "${PACKAGES[@]}"
fi

if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: $CHROMIUM is still missing after the install." >&2
  exit 1
fi
# Debian's wrapper script can print a harmless shell warning on stderr; keep only the version.
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo 'version unknown')"

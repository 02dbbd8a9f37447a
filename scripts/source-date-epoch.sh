#!/usr/bin/env bash
# Prints the build's timestamp (seconds since 1970): $SOURCE_DATE_EPOCH when set, else the time of the
# checkout's last commit, else (outside a git checkout, e.g. an unpacked archive) 1 January 2004 UTC,
# the year of the 2004 original. The floppy's file times and the menu state's emulated clock come from
# it, so two builds of one commit give the same bytes (reproducible-builds.org's SOURCE_DATE_EPOCH).
set -euo pipefail
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  echo "$SOURCE_DATE_EPOCH"
  exit 0
fi
here=$(cd "$(dirname "$0")/.." && pwd)
if commit_time=$(git -C "$here" log -1 --format=%ct 2>/dev/null) && [ -n "$commit_time" ]; then
  echo "$commit_time"
else
  echo 1072915200
fi

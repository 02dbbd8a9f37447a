#!/usr/bin/env bash
# Make a 1.44 MB FAT12 boot floppy for the project's small DOS with mtools.
# usage: mkimg.sh OUT.img AUTOEXEC.BAT [FILE.COM ...]
# The boot sector comes from build/boot.bin (mformat -B keeps our code and rewrites only the BPB
# geometry), the kernel build/PISKDOS.SYS is copied first so it is the first root directory entry.
# The same files give the same image, byte for byte: a fixed volume serial (mformat -N) and every
# file's time from SOURCE_DATE_EPOCH (mtools reads it; scripts/source-date-epoch.sh when unset), in UTC.
set -euo pipefail
out=$1; autoexec=$2; shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$("$here/scripts/source-date-epoch.sh")}
export SOURCE_DATE_EPOCH TZ=UTC
boot=$here/build/boot.bin
kernel=$here/build/PISKDOS.SYS
tmp=$out.tmp
rm -f "$tmp"
mformat -C -f 1440 -N 50495341 -v PISKASM -B "$boot" -i "$tmp" ::
mcopy -i "$tmp" "$kernel" ::PISKDOS.SYS
# DOS wants CR LF line ends in AUTOEXEC.BAT.
sed 's/\r*$/\r/' "$autoexec" > "$tmp.autoexec"
mcopy -i "$tmp" "$tmp.autoexec" ::AUTOEXEC.BAT
rm -f "$tmp.autoexec"
for f in "$@"; do mcopy -i "$tmp" "$f" "::$(basename "$f")"; done
mv "$tmp" "$out"

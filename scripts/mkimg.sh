#!/usr/bin/env bash
# Make a 1.44 MB FAT12 boot floppy for the project's small DOS with mtools.
# usage: mkimg.sh OUT.img AUTOEXEC.BAT [FILE.COM ...]
# The boot sector comes from build/boot.bin (mformat -B keeps our code and rewrites only the BPB
# geometry), the kernel build/PISKDOS.SYS is copied first so it is the first root directory entry.
set -euo pipefail
out=$1; autoexec=$2; shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
boot=$here/build/boot.bin
kernel=$here/build/PISKDOS.SYS
tmp=$out.tmp
rm -f "$tmp"
mformat -C -f 1440 -v PISKASM -B "$boot" -i "$tmp" ::
mcopy -i "$tmp" "$kernel" ::PISKDOS.SYS
# DOS wants CR LF line ends in AUTOEXEC.BAT.
sed 's/\r*$/\r/' "$autoexec" > "$tmp.autoexec"
mcopy -i "$tmp" "$tmp.autoexec" ::AUTOEXEC.BAT
rm -f "$tmp.autoexec"
for f in "$@"; do mcopy -i "$tmp" "$f" "::$(basename "$f")"; done
mv "$tmp" "$out"

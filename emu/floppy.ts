/** The one disk the machines boot: a 1.44 MB 3.5" floppy (80 tracks x 2 heads x 18 sectors x 512 bytes). */
export const FLOPPY_BYTES = 1_474_560;

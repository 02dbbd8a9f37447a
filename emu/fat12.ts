/** A tiny read-only FAT12 reader: the root directory of a floppy image. */

export interface RootEntry {
  /** "NAME.EXT" as stored (upper case, without padding). */
  readonly name: string;
  readonly size: number;
  readonly attributes: number;
}

const ATTR_VOLUME_LABEL = 0x08;
const ATTR_LONG_NAME = 0x0f;
const ENTRY_SIZE = 32;

function u16(image: Uint8Array, offset: number): number {
  return image[offset] | (image[offset + 1] << 8);
}

function u32(image: Uint8Array, offset: number): number {
  return (u16(image, offset) + u16(image, offset + 2) * 0x10000) >>> 0;
}

function text(image: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...image.subarray(offset, offset + length)).trimEnd();
}

/** The files of the root directory (no volume label, no long-name or deleted entries). */
export function listRootDirectory(image: Uint8Array): RootEntry[] {
  if (image.length < 512) throw new Error("not a FAT12 image: shorter than one sector");
  const bytesPerSector = u16(image, 0x0b);
  const reservedSectors = u16(image, 0x0e);
  const fatCount = image[0x10];
  const rootEntries = u16(image, 0x11);
  const sectorsPerFat = u16(image, 0x16);
  if (
    ![512, 1024, 2048, 4096].includes(bytesPerSector) ||
    fatCount === 0 ||
    rootEntries === 0 ||
    sectorsPerFat === 0
  ) {
    throw new Error("not a FAT12 image: the boot sector has no valid BIOS parameter block");
  }
  const rootStart = (reservedSectors + fatCount * sectorsPerFat) * bytesPerSector;
  if (rootStart + rootEntries * ENTRY_SIZE > image.length)
    throw new Error("not a FAT12 image: root directory out of range");
  const entries: RootEntry[] = [];
  for (let i = 0; i < rootEntries; i++) {
    const at = rootStart + i * ENTRY_SIZE;
    const first = image[at];
    if (first === 0x00) break;
    const attributes = image[at + 11];
    if (first === 0xe5 || attributes === ATTR_LONG_NAME || attributes & ATTR_VOLUME_LABEL) continue;
    const base = text(image, at, 8);
    const ext = text(image, at + 8, 3);
    entries.push({ name: ext ? `${base}.${ext}` : base, size: u32(image, at + 28), attributes });
  }
  return entries;
}

/** A tiny read-only FAT12 reader: the root directory of a floppy image and the files in it. */

export interface RootEntry {
  /** "NAME.EXT" as stored (upper case, without padding). */
  readonly name: string;
  readonly size: number;
  readonly attributes: number;
  /** The file's first cluster (2 and up; 0 for an empty file). */
  readonly cluster: number;
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

interface Layout {
  bytesPerSector: number;
  sectorsPerCluster: number;
  fatStart: number;
  rootStart: number;
  rootEntries: number;
  dataStart: number;
}

function layout(image: Uint8Array): Layout {
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
  const rootBytes = Math.ceil((rootEntries * ENTRY_SIZE) / bytesPerSector) * bytesPerSector;
  return {
    bytesPerSector,
    sectorsPerCluster: Math.max(1, image[0x0d]),
    fatStart: reservedSectors * bytesPerSector,
    rootStart,
    rootEntries,
    dataStart: rootStart + rootBytes,
  };
}

/** The files of the root directory (no volume label, no long-name or deleted entries). */
export function listRootDirectory(image: Uint8Array): RootEntry[] {
  const { rootStart, rootEntries } = layout(image);
  const entries: RootEntry[] = [];
  for (let i = 0; i < rootEntries; i++) {
    const at = rootStart + i * ENTRY_SIZE;
    const first = image[at];
    if (first === 0x00) break;
    const attributes = image[at + 11];
    if (first === 0xe5 || attributes === ATTR_LONG_NAME || attributes & ATTR_VOLUME_LABEL) continue;
    const base = text(image, at, 8);
    const ext = text(image, at + 8, 3);
    const name = ext ? `${base}.${ext}` : base;
    entries.push({ name, size: u32(image, at + 28), attributes, cluster: u16(image, at + 26) });
  }
  return entries;
}

/** The first FAT12 value that ends a cluster chain (0xFF8..0xFFF). */
const END_OF_CHAIN = 0xff8;

/** The bytes of the file `name` ("NAME.EXT") in the root directory, or undefined when there is none. */
export function readRootFile(image: Uint8Array, name: string): Uint8Array | undefined {
  const entry = listRootDirectory(image).find((e) => e.name === name.toUpperCase());
  if (entry === undefined) return undefined;
  const fat = layout(image);
  const clusterBytes = fat.sectorsPerCluster * fat.bytesPerSector;
  const out = new Uint8Array(entry.size);
  let cluster = entry.cluster;
  for (let done = 0; done < entry.size; done += clusterBytes) {
    const at = fat.dataStart + (cluster - 2) * clusterBytes;
    if (
      cluster < 2 ||
      cluster >= END_OF_CHAIN ||
      at + Math.min(clusterBytes, entry.size - done) > image.length
    )
      throw new Error(`not a FAT12 image: the cluster chain of ${name} is broken`);
    out.set(image.subarray(at, at + Math.min(clusterBytes, entry.size - done)), done);
    cluster = fatEntry(image, fat.fatStart, cluster);
  }
  return out;
}

/** The FAT12 entry of `cluster`: 12 bits, two entries packed in three bytes. */
function fatEntry(image: Uint8Array, fatStart: number, cluster: number): number {
  const value = u16(image, fatStart + Math.floor((cluster * 3) / 2));
  return cluster % 2 === 0 ? value & 0xfff : value >> 4;
}

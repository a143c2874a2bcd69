import type { UploadKind } from '@console/contract';

/** Bytes of the file's start the sniffer needs (WebP's mark ends at 12). */
export const HEAD_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The kind of a file by its first bytes. An APK is a ZIP archive that holds AndroidManifest.xml,
 * so `zip` alone is not yet an APK: `ApkMarker` watches the whole stream for the entry's name.
 * Anything else (SVG, HTML, scripts, archives of other kinds) is not a kind we store.
 */
export function sniffHead(head: Buffer): Exclude<UploadKind, 'apk'> | 'zip' | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, ZIP)) return 'zip';
  return null;
}

const MANIFEST = Buffer.from('AndroidManifest.xml');

/**
 * Finds the name `AndroidManifest.xml` in a stream of chunks (as a ZIP entry name it appears in
 * a local header and in the central directory), keeping a tail so a name split across two
 * chunks is still found. Reading the archive properly would need the whole file first.
 */
export class ApkMarker {
  found = false;
  private tail = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (this.found) return;
    const window = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    if (window.includes(MANIFEST)) {
      this.found = true;
      return;
    }
    this.tail = Buffer.from(window.subarray(Math.max(0, window.length - (MANIFEST.length - 1))));
  }
}

/** The stored kind of a received file: its head, and for a ZIP whether it is an Android package. */
export function kindOf(head: Buffer, marker: ApkMarker): UploadKind | null {
  const sniffed = sniffHead(head);
  if (sniffed === 'zip') return marker.found ? 'apk' : null;
  return sniffed;
}

import type { Generated } from 'kysely';

/** One uploaded file: what its bytes are, who sent it and for which field (upload purpose). */
export interface StoredFileTable {
  id: Generated<number>;
  /** The stored name, `<32 random hex>.<ext>`; unique. */
  key: string;
  /** contract uploadPurpose */
  purpose: string;
  /** contract UploadKind, as sniffed from the bytes. */
  kind: string;
  size: number;
  md5: string;
  originalName: string;
  uploadedBy: number | null;
  /** The uploader's provider; null for a platform operator. */
  agentId: number | null;
  createdAt: string;
  /**
   * When a write naming the file first committed (a record took it); null while no record has,
   * and such a file is deleted once a day old (modules/files/orphan-sweep.ts).
   */
  claimedAt: string | null;
}

export interface FileTables {
  storedFile: StoredFileTable;
}

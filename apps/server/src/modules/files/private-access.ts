import {
  FILES_PATH,
  type PrivatePurpose,
  type UploadPurpose,
  isPrivatePurpose,
  uploadPurpose,
} from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Operator, TenantScope } from '../../http/context.js';
import { merchantImageFields } from '../finance/merchant-documents.js';

/** Whether a record of provider `agentId` holds the file `key`. */
type HeldBy = (db: Kysely<Database>, key: string, agentId: number) => Promise<boolean>;

/**
 * Where each private purpose's files are kept, so a provider's operator reads a file only when a
 * record of their own provider names it. Keyed by every private purpose: a purpose made private
 * in the contract does not compile until it says where its files live.
 */
const heldBy: Record<PrivatePurpose, HeldBy> = {
  // 支付商户: the application keeps the document's key in one of its image columns.
  merchantDocument: async (db, key, agentId) => {
    const row = await db
      .selectFrom('paymentMerchant')
      .select('id')
      .where('agentId', '=', agentId)
      .where((eb) => eb.or(merchantImageFields.map((column) => eb(column, '=', key))))
      .executeTakeFirst();
    return row !== undefined;
  },
  // 合同记录: the contract keeps the upload's URL, whatever host it was made with.
  contractAttachment: async (db, key, agentId) => {
    const row = await db
      .selectFrom('contract')
      .select('id')
      .where('agentId', '=', agentId)
      .where('attachmentUrl', 'like', `%${FILES_PATH}/${key}`)
      .executeTakeFirst();
    return row !== undefined;
  },
};

/** The facts of a stored file that decide who reads it. */
export interface FileFacts {
  key: string;
  purpose: string;
  uploadedBy: number | null;
}

/** A stored file's row by its name, or undefined. */
export function findFile(db: Kysely<Database>, key: string): Promise<FileFacts | undefined> {
  return db.selectFrom('storedFile').select(['key', 'purpose', 'uploadedBy']).where('key', '=', key).executeTakeFirst();
}

/**
 * A file's purpose when that purpose is public; null for a private one. An unknown purpose (a row
 * older than the contract's list) counts as private: never served by its name alone.
 */
export function publicPurposeOf(file: FileFacts): UploadPurpose | null {
  const purpose = uploadPurpose.safeParse(file.purpose);
  return purpose.success && !isPrivatePurpose(purpose.data) ? purpose.data : null;
}

/**
 * Whether an operator may read a private file: its uploader (the form's preview before the record
 * is saved), a platform operator (whose scope holds every provider's records), or a provider's
 * operator when a record of their own provider holds it. Another provider's operator may not,
 * whoever uploaded the record's other files.
 */
export async function mayReadPrivateFile(
  db: Kysely<Database>,
  operator: Operator,
  scope: TenantScope,
  file: FileFacts,
): Promise<boolean> {
  if (operator.mustChangePassword) return false;
  if (file.uploadedBy === operator.id) return true;
  if (scope.agentId === null) return true;
  const purpose = uploadPurpose.safeParse(file.purpose);
  if (!purpose.success || !isPrivatePurpose(purpose.data)) return false;
  return heldBy[purpose.data](db, file.key, scope.agentId);
}

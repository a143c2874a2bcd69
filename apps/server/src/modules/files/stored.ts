import type { UploadPurpose } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { fieldError } from '../../lib/app-error.js';

/**
 * A file a form names by its key, uploaded for that form's purpose: the server's own record of
 * it (size, md5, kind), so a form never states those facts itself. Another purpose's file, or a
 * key never issued, is refused on the form's field.
 */
export async function storedFileFor(db: Kysely<Database>, key: string, purpose: UploadPurpose, field: string) {
  const row = await db.selectFrom('storedFile').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || row.purpose !== purpose) throw fieldError(field, '文件不存在，请重新上传');
  return row;
}

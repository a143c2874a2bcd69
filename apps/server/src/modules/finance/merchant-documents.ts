import { randomBytes } from 'node:crypto';
import { requiredMerchantImages } from '@console/contract';
import type { Kysely } from 'kysely';
import type { DbRow } from '../../crud/types.js';
import type { Database } from '../../db/types.js';
import { fieldError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { storedFileFor } from '../files/stored.js';

/** The application's columns that hold a merchant document's stored key. */
export const merchantImageFields = ['storefrontImage', 'licenseImage', 'idCardFrontImage', 'idCardBackImage'] as const;

/**
 * An application's document images must be files uploaded for merchant documents, by the
 * platform or by the application's own provider (never another provider's upload); a new
 * application must carry the licence and both sides of the legal person's ID.
 */
export async function checkMerchantImages(
  db: Kysely<Database>,
  values: DbRow,
  agentId: unknown,
  creating: boolean,
): Promise<void> {
  if (creating) {
    for (const [field, message] of Object.entries(requiredMerchantImages)) {
      if (!values[field]) throw fieldError(field, message);
    }
  }
  for (const field of merchantImageFields) {
    const key = values[field];
    if (typeof key !== 'string' || key === '') continue;
    const file = await storedFileFor(db, key, 'merchantDocument', field);
    if (file.agentId !== null && file.agentId !== agentId) throw fieldError(field, '文件不存在，请重新上传');
  }
}

/** Stored-file rows standing in for uploads, for the route sweep's and isolation suite's sample application. */
export async function sampleMerchantImages(db: Kysely<Database>, agentId: number) {
  const keys: Record<string, string> = {};
  for (const field of Object.keys(requiredMerchantImages)) {
    const key = `${randomBytes(16).toString('hex')}.png`;
    await db
      .insertInto('storedFile')
      .values({
        key,
        purpose: 'merchantDocument',
        kind: 'png',
        size: 208,
        md5: randomBytes(16).toString('hex'),
        originalName: `${field}.png`,
        uploadedBy: null,
        agentId,
        createdAt: nowIso(),
        // Claimed when the sample application naming them is saved, as a real upload is.
        claimedAt: null,
      })
      .execute();
    keys[field] = key;
  }
  return keys;
}

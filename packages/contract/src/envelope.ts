import { z } from 'zod';
import { named } from './schema-names.js';

/** The one response shape of every endpoint: errCode 0 is success. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    errCode: z.number().int(),
    errMsg: z.string(),
    data: data,
    /** Dotted field path → Chinese message, on validation failures only. */
    fieldErrors: z.record(z.string(), z.string()).optional(),
    /** Present on errors so an operator's report can be matched to the server log. */
    requestId: z.string().optional(),
  });
}

/**
 * What every failure answers (any 4xx or 5xx): errCode is one of the codes in errors.ts. `data`
 * is null except where an error says more, e.g. readiness names its failing checks.
 */
export const errorEnvelope = named(
  envelopeOf(
    z.record(z.string(), z.unknown()).nullable().describe('通常为 null；个别错误附带说明，如就绪检查的失败项'),
  ),
  'ErrorEnvelope',
);
export type Envelope<T> = {
  errCode: number;
  errMsg: string;
  data: T;
  fieldErrors?: Record<string, string>;
  requestId?: string;
};

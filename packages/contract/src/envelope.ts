import { z } from 'zod';

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

export const errorEnvelope = envelopeOf(z.null());
export type Envelope<T> = {
  errCode: number;
  errMsg: string;
  data: T;
  fieldErrors?: Record<string, string>;
  requestId?: string;
};

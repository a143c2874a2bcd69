import { z } from 'zod';

/** Ids are strings on the wire (bigint-safe); the database keeps integers. */
export const id = z.string().regex(/^[1-9]\d{0,18}$/, '编号格式不正确');
/** ISO-8601 instant, e.g. 2026-11-22T08:00:00.000Z. */
export const isoTime = z.iso.datetime({ offset: true });
/** Calendar date, e.g. 2026-12-31. */
export const isoDate = z.iso.date();
// Money fields (fen, money(), isMoney) are declared in money.ts.
export * from './money.js';
export const phone = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, '请输入 11 位手机号');
export const email = z.string().trim().email('邮箱格式不正确').max(120);

/** A password the platform accepts: at least 8 characters with letters and digits. */
export const password = z
  .string()
  .min(8, '密码至少 8 位')
  .max(64, '密码最多 64 位')
  .regex(/[A-Za-z]/, '密码需包含字母')
  .regex(/\d/, '密码需包含数字');

/** Numeric enum on the wire with a Chinese label per value, declared once. */
export function labelledEnum<const T extends Record<number, string>>(labels: T) {
  const values = Object.keys(labels).map(Number) as Array<keyof T & number>;
  const schema = z
    .number()
    .int()
    .refine((v) => values.includes(v as keyof T & number), '取值不在允许范围内')
    // JSON Schema cannot see the refinement: the OpenAPI document lists the values (a client's `1 | 2`).
    .meta({ enum: values });
  // The refinement admits only the labelled values, which the number schema's type cannot say.
  return Object.assign(schema as z.ZodType<keyof T & number>, {
    labels,
    values,
    options: values.map((value) => ({ value, label: labels[value] as string })),
  });
}

/** Page request, as the spec's message page: offset is the 1-based page number. */
export const pageQuery = z.object({
  offset: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
  /** Keyset cursor from a previous page's `nextCursor`, for paging deep without OFFSET cost. */
  after: z.string().max(200).optional(),
  sort: z.object({ field: z.string().max(40), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    total: z.number().int(),
    /** True when more than 10 000 rows match: `total` is then 10 001 and the console shows 10,000+. */
    totalCapped: z.boolean().optional(),
    list: z.array(row),
    nextCursor: z.string().nullable().optional(),
  });
}
export type Page<T> = { total: number; totalCapped?: boolean; list: T[]; nextCursor?: string | null };

/** Count cap of ARCHITECTURE.md: never count more than this on the request path. */
export const COUNT_CAP = 10_000;

export const idParam = z.object({ id });
export const ok = z.null();

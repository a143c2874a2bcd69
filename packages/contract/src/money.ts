import { z } from 'zod';

/** The largest amount any money field takes, in fen: 999,999,999.99 元 (exact in a double, fits bigint). */
export const maxFen = 99_999_999_999;

/** A fen amount as the 元 an operator types it into the console: 100 → "1", 99999999999 → "999,999,999.99". */
export function yuanText(fenAmount: number): string {
  const whole = fenAmount % 100 === 0;
  return (fenAmount / 100).toLocaleString('zh-CN', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

const moneySchemas = new WeakSet<z.ZodType>();

/**
 * An amount in integer fen, entered and shown in 元 (the console's money input converts). The
 * bounds are checked before the integer: zod's int() refuses a number beyond 2^53 as too big
 * with Number.MAX_SAFE_INTEGER as the limit, and a field's first message is the one the operator
 * reads ("不能大于 9007199254740991" for a field whose limit is 999,999,999.99 元). So a narrower
 * limit is passed here, never chained on with `.max()`, which would come after the base one.
 */
export function money(limits: { min?: number; max?: number; minMessage?: string; maxMessage?: string } = {}) {
  const { min = 0, max = maxFen } = limits;
  const schema = z
    .number()
    .min(min, limits.minMessage ?? `不能小于 ${yuanText(min)} 元`)
    .max(max, limits.maxMessage ?? `不能大于 ${yuanText(max)} 元`)
    .int('金额最多两位小数');
  moneySchemas.add(schema);
  return schema;
}

/** Whether a schema is a money field (declared with `money()`): the console enters it in 元. */
export function isMoney(schema: unknown): schema is z.ZodNumber {
  return schema instanceof z.ZodType && moneySchemas.has(schema);
}

/** Integer fen (分), 0 to 999,999,999.99 元; shown as 元 with two decimals. */
export const fen = money();

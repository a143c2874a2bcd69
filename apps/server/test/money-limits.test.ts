import { isMoney } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestOperator } from './operators.js';
import { apiRoutes, type ApiRoute } from './routes-of-app.js';
import { createTestApp, type TestApp } from './test-app.js';

type Path = Array<string | number>;
interface MoneyField {
  route: string;
  part: 'body' | 'query';
  path: Path;
  schema: z.ZodNumber;
  /** The request part's whole schema, to parse the field where it sits. */
  whole: z.ZodType;
}

/** Every money field (declared with money()) inside a request schema, with its path. */
function moneyFieldsOf(schema: z.ZodType, path: Path = [], depth = 0): Array<{ path: Path; schema: z.ZodNumber }> {
  if (depth > 8) return [];
  if (isMoney(schema)) return [{ path, schema }];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return moneyFieldsOf(schema.unwrap() as z.ZodType, path, depth + 1);
  }
  if (schema instanceof z.ZodPipe) return moneyFieldsOf(schema.in as z.ZodType, path, depth + 1);
  if (schema instanceof z.ZodArray) return moneyFieldsOf(schema.element as z.ZodType, [...path, 0], depth + 1);
  if (schema instanceof z.ZodUnion) {
    return (schema.options as z.ZodType[]).flatMap((option) => moneyFieldsOf(option, path, depth + 1));
  }
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      moneyFieldsOf(field, [...path, key], depth + 1),
    );
  }
  return [];
}

/** A value holding `leaf` at `path` and nothing else. */
function valueAt(path: Path, leaf: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), leaf);
}

/** The amount in 元 a message names ("不能大于 999,999,999.99 元", "单次调整不超过 1000 万元"). */
function yuanNamed(message: string): number | null {
  const m = /([\d,]+(?:\.\d+)?)\s*(万)?\s*元/.exec(message);
  if (!m?.[1]) return null;
  return Number(m[1].replaceAll(',', '')) * (m[2] ? 10_000 : 1);
}

/**
 * Issue 26: `unitPrice: 1e30` answered `不能大于 9007199254740991` (zod's int() limit) while the
 * field's limit is 999,999,999.99 元. Walks every money field of every endpoint the app serves.
 */
describe('money fields state their real limit', () => {
  let t: TestApp;
  let fields: MoneyField[];

  beforeAll(async () => {
    t = await createTestApp();
    fields = apiRoutes(t.app).flatMap((route: ApiRoute) =>
      (['body', 'query'] as const).flatMap((part) => {
        const whole = route.endpoint[part];
        if (!whole) return [];
        return moneyFieldsOf(whole).map((f) => ({ route: route.label, part, whole, ...f }));
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('names each field’s own limit in 元, for a number beyond any limit', () => {
    // The walk finds the contract's money inputs (prices, amounts, adjustments …), not none.
    expect(fields.length).toBeGreaterThan(20);
    for (const field of fields) {
      const label = `${field.route} ${field.part}.${field.path.join('.')}`;
      const limit = field.schema.maxValue;
      expect(limit, label).not.toBeNull();
      expect(limit, label).toBeLessThan(Number.MAX_SAFE_INTEGER);
      for (const tooBig of [1e30, Number(limit) + 1]) {
        const result = field.whole.safeParse(valueAt(field.path, tooBig));
        const first = result.error?.issues.find((i) => i.path.join('.') === field.path.join('.'));
        expect(first?.message, `${label} = ${tooBig}`).toBeDefined();
        expect(yuanNamed(first?.message ?? ''), `${label} = ${tooBig}: ${first?.message}`).toBe(Number(limit) / 100);
      }
    }
  });

  it('answers the form with that limit (the reported unitPrice)', async () => {
    const admin = await createTestOperator(t, { adminType: 0, permissions: ['hardwareProduct.create'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hardwareSetup/create',
      headers: admin.headers,
      payload: {
        name: '储物柜',
        model: 'GX-01',
        category: 1,
        unitPrice: 1e30,
        unit: '台',
        status: 1,
        sort: 0,
        remark: '',
      },
    });
    const body = res.json<{ errCode: number; errMsg: string; fieldErrors?: Record<string, string> }>();
    expect(body.errCode).toBe(400100);
    expect(body.fieldErrors?.unitPrice).toBe('不能大于 999,999,999.99 元');
    expect(body.errMsg).not.toContain('9007199254740991');
  });
});

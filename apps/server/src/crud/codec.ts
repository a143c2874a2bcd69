import { type AnyResource, isIdSchema } from '@console/contract';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import type { DbRow } from './types.js';

const WIRE_ID = /^[1-9]\d{0,15}$/;

/** A wire id as the database integer; anything malformed reads as a missing record (404001). */
export function parseId(value: unknown): number {
  if (typeof value !== 'string' || !WIRE_ID.test(value)) throw new AppError('recordNotFound');
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new AppError('recordNotFound');
  return n;
}

/** Converts between wire rows (string ids) and database rows (integer ids) for one resource. */
export class RowCodec<R extends AnyResource = AnyResource> {
  /** Fields whose schema is the contract `id` in the entity, create, update schemas. */
  readonly idFields: ReadonlySet<string>;
  readonly entityFields: readonly string[];

  constructor(resource: R) {
    const ids = new Set<string>();
    for (const schema of [resource.entity, resource.createSchema, resource.updateSchema]) {
      for (const [key, field] of Object.entries(schema.shape)) if (isIdSchema(field)) ids.add(key);
    }
    this.idFields = ids;
    this.entityFields = Object.keys(resource.entity.shape);
  }

  /** Database row → wire row: entity fields only (hidden columns never leave), ids as strings. */
  toWire(row: DbRow): DbRow {
    const out: DbRow = {};
    for (const key of this.entityFields) {
      const value = row[key];
      out[key] = this.idFields.has(key) ? idToWire(value) : value;
    }
    return out;
  }

  /** toWire typed as the resource's entity. */
  toEntity(row: DbRow): z.input<R['entity']> {
    return this.asEntity(this.toWire(row));
  }

  /**
   * A wire row typed as the resource's entity. The one cast: the row holds the entity's fields
   * (toWire picked them), and the endpoint's response schema checks their values on the way out.
   */
  asEntity(wire: DbRow): z.input<R['entity']> {
    return wire as z.input<R['entity']>;
  }

  /** Parsed input → database values for the given keys (those present), ids as integers. */
  toDb(input: DbRow, keys: readonly string[]): DbRow {
    const out: DbRow = {};
    for (const key of keys) {
      if (!(key in input) || input[key] === undefined) continue;
      const value = input[key];
      out[key] = this.idFields.has(key) ? idToDb(value, key) : value;
    }
    return out;
  }
}

function idToWire(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((v: unknown) => idToWire(v));
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
}

/** Input ids were validated by the contract's `id` schema, so Number() is exact here. */
export function idToDb(value: unknown, _key?: string): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((v) => Number(v));
  return Number(value);
}

import type { z } from 'zod';

/**
 * Names for the OpenAPI document. A schema carrying an `id` in zod's metadata (`.meta({ id })`)
 * becomes a named component (`components.schemas.Store`) that every operation using it points
 * at with `$ref`, so a generated client has one type per entity and input instead of an
 * anonymous copy per operation. `.meta` returns a copy that parses exactly like the original:
 * the name is all it adds (one registry entry, no code in the web bundle beyond this file).
 *
 * The server's document writes input schemas (request bodies) with an `Input` suffix: a
 * create body named `StoreCreate` is `StoreCreateInput` there, the entity `Store` answers as
 * `Store` (apps/server/src/plugins/openapi.ts).
 */
export function named<T extends z.ZodType>(schema: T, id: string): T {
  return schema.meta({ id });
}

/** `ipRestriction` → `IpRestriction`: a resource's name as a type name. */
export function typeNameOf(resourceName: string): string {
  return resourceName.charAt(0).toUpperCase() + resourceName.slice(1);
}

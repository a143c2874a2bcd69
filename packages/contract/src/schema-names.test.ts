import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import { type AnyResource, baseFields, defineResource } from './resource.js';
import { named, typeNameOf } from './schema-names.js';

const idOf = (schema: z.ZodType) => z.globalRegistry.get(schema)?.id;

function isResource(value: unknown): value is AnyResource {
  return typeof value === 'object' && value !== null && 'entity' in value && 'createSchema' in value;
}

describe('schema names for the OpenAPI document', () => {
  const gizmo = defineResource({
    name: 'namedGizmo',
    prefix: '/namedGizmo',
    title: '零件',
    module: '零件管理',
    audience: 'platform',
    tenant: 'none',
    entity: z.object({ ...baseFields, name: z.string().min(1).max(20).describe('名称') }),
    writable: ['name'],
    actions: ['page', 'get', 'create', 'update', 'delete', 'export'],
  });

  it('names the entity and each derived input after the resource', () => {
    expect(idOf(gizmo.entity)).toBe('NamedGizmo');
    expect(idOf(gizmo.createSchema)).toBe('NamedGizmoCreate');
    expect(idOf(gizmo.updateSchema)).toBe('NamedGizmoUpdate');
    expect(idOf(gizmo.listSchema)).toBe('NamedGizmoQuery');
    expect(idOf(gizmo.pageSchema)).toBe('NamedGizmoPage');
    expect(idOf(gizmo.exportSchema)).toBe('NamedGizmoExportQuery');
    expect(gizmo.endpoints.get?.response).toBe(gizmo.entity);
    expect(gizmo.endpoints.create?.body).toBe(gizmo.createSchema);
  });

  it('adds a name and nothing else: the named copy accepts and answers what the original does', () => {
    const original = z.object({ code: z.string().trim().max(4), count: z.coerce.number().int().default(1) });
    const copy = named(original, 'NamedCopyProbe');
    for (const input of [{ code: ' ab ' }, { code: 'abcde' }, { code: 'a', count: '3' }, {}, null]) {
      expect(copy.safeParse(input)).toEqual(original.safeParse(input));
    }
    expect(idOf(original)).toBeUndefined();
    // Field labels (`.describe`) stay readable through the named entity.
    expect(gizmo.labels.name).toBe('名称');
    // A schema derived from a named one does not inherit the name: it is a different type.
    expect(idOf(gizmo.entity.pick({ name: true }))).toBeUndefined();
  });

  it('gives every resource of the contract a type name of its own', () => {
    // One object per resource: an index may export the same resource under two names.
    const resources = new Set(Object.values(contract as Record<string, unknown>).filter(isResource));
    expect(resources.size).toBeGreaterThan(50);
    const typeNames = [...resources].map((resource) => typeNameOf(resource.name));
    // Two resources with one type name would share a component: the document would describe one of them wrongly.
    expect(typeNames.filter((name, i) => typeNames.indexOf(name) !== i)).toEqual([]);
    expect(typeNames.every((name) => /^[A-Z][A-Za-z0-9]*$/.test(name))).toBe(true);
  });
});

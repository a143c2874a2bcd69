import { describe, expect, it } from 'vitest';
import { type EndpointDef, permissionOf } from '../endpoint.js';
import { flattenMenus, menusByScope } from '../menus/index.js';
import * as ops from './ops.js';

// Every endpoint of the money, messaging and operations area is reachable: its permission code
// is in the catalogue of each operator kind its audience admits, so some role or agent menu can
// grant it.
const endpoints: EndpointDef[] = Object.values(ops).flatMap((value): EndpointDef[] => {
  if (!value || typeof value !== 'object') return [];
  if ('endpoints' in value && typeof value.endpoints === 'object') {
    return Object.values(value.endpoints as Record<string, EndpointDef | undefined>).filter((e) => e !== undefined);
  }
  if ('path' in value && 'access' in value) return [value];
  return Object.values(value).filter(
    (e): e is EndpointDef => !!e && typeof e === 'object' && 'path' in e && 'access' in e,
  );
});

const codes = (scope: 'platform' | 'agent') =>
  new Set(flattenMenus(menusByScope[scope]).flatMap(({ spec }) => [spec.name, ...Object.keys(spec.actions ?? {})]));

describe('money, messaging and operations permissions', () => {
  it('finds the area’s endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it.each(['platform', 'agent'] as const)('every %s endpoint’s permission is in that catalogue', (scope) => {
    const known = codes(scope);
    const missing = endpoints
      .filter((e) => e.audience === scope || e.audience === 'any')
      .map((e) => permissionOf(e.access))
      .filter((code): code is string => code !== null && !known.has(code));
    expect(missing).toEqual([]);
  });

  it('paths are unique', () => {
    const paths = endpoints.map((e) => e.path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});

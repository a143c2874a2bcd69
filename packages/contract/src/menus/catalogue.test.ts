import { describe, expect, it } from 'vitest';
import { flattenMenus, menusByScope } from './index.js';

describe('menu catalogue', () => {
  for (const [scope, menus] of Object.entries(menusByScope)) {
    it(`${scope}: route names and action codes are unique within the scope`, () => {
      const names = flattenMenus(menus).flatMap(({ spec }) => [spec.name, ...Object.keys(spec.actions ?? {})]);
      expect(names.length).toBe(new Set(names).size);
    });

    it(`${scope}: every page path sits under its directory's path`, () => {
      for (const dir of menus) {
        for (const child of dir.children ?? []) expect(child.path.startsWith(`${dir.path}/`)).toBe(true);
      }
    });
  }
});

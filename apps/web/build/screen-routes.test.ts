import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screens } from '../src/layout/screens';
import { declaredScreenModules } from './screen-routes';

const webRoot = join(__dirname, '..');

describe('the route → module map the server preloads from', () => {
  it('names every registered screen, each with a page module that exists', () => {
    const routes = declaredScreenModules();
    expect([...routes.keys()].sort()).toEqual(screens.map((screen) => screen.path).sort());
    for (const [path, module] of routes) expect(existsSync(join(webRoot, module)), `${path} → ${module}`).toBe(true);
  });

  it('reads both ways a screen names its page', () => {
    const text = `const declared = () => [
      fixedScreen({ name: 'A', path: '/a/b', title: '甲' }, () => import('../features/a/b-page')),
      menuScreen('/c/d', page('c/d-page.tsx')),
    ];`;
    expect(Object.fromEntries(declaredScreenModules(text))).toEqual({
      '/a/b': 'src/features/a/b-page.tsx',
      '/c/d': 'src/pages/c/d-page.tsx',
    });
  });
});

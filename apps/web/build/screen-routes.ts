import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const screensFile = join(webRoot, 'src/layout/screens.ts');
/** The shell every console screen renders in (console-gate.tsx loads it lazily). */
const shellModule = 'src/layout/app-layout.tsx';
/** Where the server reads the map from; beside Vite's own manifest, outside what it serves. */
export const routeModulesFile = '.vite/route-modules.json';

/** A path relative to apps/web with forward slashes: how Vite's manifest names source modules. */
const moduleKey = (file: string) => relative(webRoot, file).split(sep).join('/');

/**
 * Every screen path of src/layout/screens.ts with the source module of its lazy page: `page('x.tsx')`
 * (under src/pages) or `() => import('../features/…')`, each paired with the path declared before
 * it in the same `menuScreen(…)`/`fixedScreen(…)` call. Read from the registry's text, so a new
 * screen needs no second list; screen-routes.test.ts fails when this misses a registered screen.
 */
export function declaredScreenModules(text = readFileSync(screensFile, 'utf8')): Map<string, string> {
  const body = text.slice(text.indexOf('const declared'));
  const routes = new Map<string, string>();
  for (const call of body.split(/(?=\b(?:menuScreen|fixedScreen)\()/).slice(1)) {
    const path = /(?:menuScreen\(\s*|path:\s*)'([^']+)'/.exec(call)?.[1];
    const pageFile = /page\('([^']+)'\)/.exec(call)?.[1];
    const imported = /import\('([^']+)'\)/.exec(call)?.[1];
    if (!path) continue;
    if (pageFile) routes.set(path, moduleKey(join(webRoot, 'src/pages', pageFile)));
    else if (imported) routes.set(path, moduleKey(`${resolve(dirname(screensFile), imported)}.tsx`));
  }
  return routes;
}

/**
 * Emits `.vite/route-modules.json`: for each console path, the source modules a deep link to it
 * needs at once (the shell and the screen's page), as keys of Vite's manifest. The server turns
 * them into `<link rel="modulepreload">` for the HTML of that path (static-console.ts), so a
 * bookmark fetches the screen's scripts in parallel instead of one import level at a time.
 */
export function screenRoutes(): Plugin {
  return {
    name: 'console-screen-routes',
    apply: 'build',
    generateBundle() {
      const routes: Record<string, string[]> = {};
      for (const [path, module] of declaredScreenModules()) routes[path] = [shellModule, module];
      this.emitFile({ type: 'asset', fileName: routeModulesFile, source: `${JSON.stringify(routes, null, 1)}\n` });
    },
  };
}

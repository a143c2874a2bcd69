import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (`build.manifest: true`), keyed by source module or chunk. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Written by the console's build (apps/web/build/screen-routes.ts): console path → source modules. */
const routeModulesFile = '.vite/route-modules.json';
const manifestFile = '.vite/manifest.json';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

function isManifest(value: unknown): value is Manifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (chunk: unknown) =>
        typeof chunk === 'object' && chunk !== null && 'file' in chunk && typeof chunk.file === 'string',
    )
  );
}

function isRouteModules(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((m) => Array.isArray(m) && m.every((k) => typeof k === 'string'))
  );
}

/** The manifest keys a set of modules loads with them: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  start.forEach(visit);
  return seen;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The `<link>`s for one route: its chunks as modulepreload and their styles as preloads, leaving out
 * what index.html already loads (the entry and its imports). `crossorigin` as Vite's own links and
 * its preload helper use, so the browser reuses the preloaded response for the module import.
 */
function linksFor(manifest: Manifest, modules: readonly string[], loaded: ReadonlySet<string>): string {
  const keys = [...staticClosure(manifest, modules)].filter((key) => !loaded.has(key));
  const scripts = keys.map((key) => `/${manifest[key]!.file}`);
  const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`);
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
}

/**
 * index.html for each console path of the build that has screen chunks, with those chunks
 * preloaded: a deep link (bookmark, shared link, reload) otherwise learns a lazy screen's scripts
 * one import level at a time, a round trip each, after the entry has run. Paths outside the map
 * (the sign-in page, public pages, unknown paths) keep the plain index.html. Empty when the build
 * has no manifest or route map (an older or a hand-made build): every path is then served plainly.
 */
export function routePreloadPages(root: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const routesPath = join(root, routeModulesFile);
  const manifestPath = join(root, manifestFile);
  if (!existsSync(routesPath) || !existsSync(manifestPath) || !indexHtml.includes('</head>')) return pages;
  const manifest = readJson(manifestPath);
  const routes = readJson(routesPath);
  if (!isManifest(manifest) || !isRouteModules(routes)) return pages;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loaded = staticClosure(manifest, entries);
  for (const [path, modules] of Object.entries(routes)) {
    const links = linksFor(manifest, modules, loaded);
    if (links) pages.set(path, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
}

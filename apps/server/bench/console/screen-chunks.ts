import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BenchRow } from '../report.js';
import { type BuiltChunk, type ConsoleBuild, entryChunk, staticClosure } from './build-console.js';
import { webDir } from './paths.js';
import { GzipSizes, kb } from './script-bytes.js';

/** Issue 16: each new screen adds at most this much gzip JavaScript. */
const SCREEN_BUDGET = 60 * 1024;

const screensFile = join(webDir, 'src/layout/screens.ts');

/**
 * Every screen the registry declares, with the source file of its lazy page: `page('x-page.tsx')`
 * (a file under src/pages) or `() => import('../features/…')`, each paired with the path declared
 * just before it in the same call. Read from screens.ts itself, so a new screen is measured
 * without editing the bench; a declaration this reader misses fails the row below rather than
 * being skipped.
 */
function declaredScreens(): { paths: string[]; file: string }[] {
  const text = readFileSync(screensFile, 'utf8');
  const body = text.slice(text.indexOf('const declared'));
  const calls = body.split(/(?=\b(?:menuScreen|fixedScreen)\()/).slice(1);
  const byFile = new Map<string, string[]>();
  for (const call of calls) {
    const path = /(?:menuScreen\(\s*|path:\s*)'([^']+)'/.exec(call)?.[1];
    const pageFile = /page\('([^']+)'\)/.exec(call)?.[1];
    const imported = /import\('([^']+)'\)/.exec(call)?.[1];
    if (!path || (!pageFile && !imported)) continue;
    const file = pageFile ? resolve(webDir, 'src/pages', pageFile) : resolve(dirname(screensFile), `${imported!}.tsx`);
    byFile.set(file, [...(byFile.get(file) ?? []), path]);
  }
  return [...byFile].map(([file, paths]) => ({ file, paths }));
}

/**
 * Per screen, from the build's chunk graph (no browser): the gzip JavaScript its page chunk and
 * that chunk's static imports add to what the console has loaded once the entry and the first list
 * screen (`firstList`, budgeted on its own at 400 KB with the list machinery) are in — what opening
 * it next downloads, before any drawer or dialog it loads on use. Chunks shared with other screens
 * count for each of them, so this is each screen's worst case whatever the visiting order. Every
 * screen in apps/web/src/layout/screens.ts, provider screens too (the in-browser figure above walks
 * the admin's menu only, each screen after the ones before it).
 */
export function screenChunkRows(built: ConsoleBuild, firstList: string): BenchRow[] {
  const sizes = new GzipSizes(built.outDir);
  const byFacade = new Map<string, BuiltChunk>();
  for (const c of built.chunks) if (c.facadeModuleId) byFacade.set(c.facadeModuleId, c);
  const screens = declaredScreens();
  const first = screens.find((s) => s.paths.includes(firstList));
  const firstChunk = first && byFacade.get(first.file);
  if (!firstChunk) throw new Error(`构建中找不到首个列表页 ${firstList} 的 chunk`);
  const shell = new Set(
    [...staticClosure(built.chunks, entryChunk(built)), ...staticClosure(built.chunks, firstChunk)].map(
      (c) => c.fileName,
    ),
  );
  const missing: string[] = [];
  const measured = screens.flatMap(({ file, paths }) => {
    if (file === first.file) return [];
    const chunk = byFacade.get(file);
    if (!chunk) {
      missing.push(paths.join(' '));
      return [];
    }
    const own = staticClosure(built.chunks, chunk)
      .filter((c) => !shell.has(c.fileName))
      .map((c) => ({ name: c.fileName.replace(/^assets\//, ''), bytes: sizes.of(c.fileName) }))
      .sort((a, b) => b.bytes - a.bytes);
    const bytes = own.reduce((n, c) => n + c.bytes, 0);
    return [{ paths, bytes, files: own.length, largest: own.slice(0, 3) }];
  });
  measured.sort((a, b) => b.bytes - a.bytes);
  const over = measured.filter((s) => s.bytes > SCREEN_BUDGET);
  const largest = measured[0];
  const summary: BenchRow = {
    figure: '每个菜单页自身的 JavaScript（构建图，最大值）',
    value: largest ? kb(largest.bytes) : '无',
    budget: '≤ 60 KB',
    ok: over.length === 0 && missing.length === 0,
    detail:
      `入口和 ${firstList} 之外；${measured.length} 个页面文件（${measured.reduce((n, s) => n + s.paths.length, 0)} 个路径）` +
      `${largest ? `，最大 ${largest.paths.join(' ')}` : ''}` +
      `${over.length ? `；超出：${over.map((s) => `${s.paths[0]} ${kb(s.bytes)}`).join('，')}` : ''}` +
      `${missing.length ? `；构建中找不到页面 chunk：${missing.join('，')}` : ''}`,
  };
  return [
    summary,
    ...measured.map((s) => ({
      figure: `  页面 ${s.paths.join(' ')}`,
      value: kb(s.bytes),
      budget: '≤ 60 KB',
      ok: s.bytes <= SCREEN_BUDGET,
      detail: `${s.files} 个 chunk（页面及其静态依赖，不含入口和 ${firstList} 已加载的），最大 ${s.largest.map((c) => `${c.name} ${kb(c.bytes)}`).join('、')}`,
    })),
  ];
}

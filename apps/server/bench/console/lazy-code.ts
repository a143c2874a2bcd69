import type { BenchRow } from '../report.js';
import type { BuiltChunk } from './build-console.js';

const chartLibrary = /\/node_modules\/(echarts|zrender|echarts-for-react)\//;

/** Code issue 7 allows only in lazy chunks: heavy, and needed by a few screens. */
const lazyOnly = [
  { label: '图表 (echarts)', module: chartLibrary },
  {
    label: '富文本编辑器',
    module:
      /\/rich-text-editor[^/]*$|\/node_modules\/(@tiptap|quill|react-quill|@wangeditor|wangeditor|slate|lexical|draft-js|braft-editor)\//,
  },
  { label: 'Excel', module: /\/node_modules\/(exceljs|xlsx)\// },
] as const;

/**
 * One row per kind of heavy code: how many of its modules are in the chunks the entry and /login
 * load (must be none) and which lazy chunks hold it.
 */
export function lazyCodeRows(chunks: readonly BuiltChunk[], eager: ReadonlySet<string>): BenchRow[] {
  return lazyOnly.map(({ label, module }) => {
    const holding = chunks.filter((c) => c.moduleIds.some((id) => module.test(id)));
    const modules = holding.flatMap((c) => c.moduleIds.filter((id) => module.test(id)));
    const eagerChunks = holding.filter((c) => eager.has(c.fileName));
    const eagerModules = eagerChunks.flatMap((c) => c.moduleIds.filter((id) => module.test(id)));
    return {
      figure: `${label}只在懒加载 chunk`,
      value: modules.length === 0 ? '构建中没有' : `入口/登录 chunk 中 ${eagerModules.length} 个模块`,
      budget: '0 个',
      ok: eagerModules.length === 0,
      detail:
        modules.length === 0
          ? '尚无页面使用'
          : `${modules.length} 个模块在 ${holding.map((c) => c.fileName.replace(/^assets\//, '')).join(', ')}`,
    };
  });
}

/**
 * The build's chart-library chunks (most of their modules are ECharts'): one lazy download shared
 * by every chart screen, budgeted on its own row rather than as the first chart screen's increment
 * (issue 18 asks for ECharts loaded lazily; issue 16's 60 KB is a screen's own code).
 */
export function chartLibraryFiles(chunks: readonly BuiltChunk[]): Set<string> {
  const files = chunks.filter((c) => {
    const library = c.moduleIds.filter((id) => chartLibrary.test(id)).length;
    return library > 0 && library * 2 > c.moduleIds.length;
  });
  return new Set(files.map((c) => `/${c.fileName}`));
}

import type { Plugin } from 'vite';

/** antd's factories that take a component's style generator as their second argument. */
const styleFactories = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const styleModule = /\/node_modules\/antd\/es\/.+\/style\/[^/]+\.js$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The source ranges of every style generator passed to one of antd's style factories. */
function generatorRanges(root: Node): [number, number][] {
  const ranges: [number, number][] = [];
  const pending: Node[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string };
      const args = node.arguments as Node[];
      if (callee.type === 'Identifier' && styleFactories.has(callee.name ?? '') && args[1]) {
        ranges.push([args[1].start, args[1].end]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) pending.push(...value.filter(isNode));
      else if (isNode(value)) pending.push(value);
    }
  }
  return ranges;
}

/**
 * The console runs antd in zero-runtime mode (components/theme-provider.tsx: `zeroRuntime: true`, the
 * static antd.css): a component's style hook returns before it calls the style generator, so the
 * generators are dead code that every page still downloads. This build step passes an empty
 * generator instead, and the bundler drops the real ones. The component token functions (the third
 * argument) stay: the runtime still writes the components' CSS variables from them.
 */
export function antdZeroRuntime(): Plugin {
  return {
    name: 'console-antd-zero-runtime',
    apply: 'build',
    transform(code, id) {
      if (!styleModule.test(id) || !/gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/.test(code)) return null;
      const ranges = generatorRanges(this.parse(code) as unknown as Node).sort((a, b) => b[0] - a[0]);
      if (ranges.length === 0) return null;
      let out = code;
      for (const [start, end] of ranges) out = `${out.slice(0, start)}() => []${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

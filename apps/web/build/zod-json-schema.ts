import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// zod/v4/core resolves to its folder's index file; the processors sit beside it.
const realProcessors = join(
  dirname(createRequire(import.meta.url).resolve('zod/v4/core')),
  'json-schema-processors.js',
);
const processorsStub = '\0console-zod-json-schema-processors';
const generatorStub = '\0console-zod-to-json-schema';
const classicModule = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/](schemas|external)\.js$/;
const refusal = 'throw new Error("控制台构建去掉了 zod 的 JSON Schema 生成（toJSONSchema），浏览器里用不到它");';

/** The processors' names, read from zod's own file, so a zod update that adds one is still covered. */
export function processorNames(source = readFileSync(realProcessors, 'utf8')): string[] {
  return [...source.matchAll(/^export const (\w+Processor)\b/gm)].map((m) => m[1]!);
}

/** The stand-in for json-schema-processors.js: the real `aggregateChecks`, every processor refusing. */
export function processorsStubCode(names = processorNames()): string {
  return [
    `export { aggregateChecks } from ${JSON.stringify(realProcessors)};`,
    `const refuse = () => { ${refusal} };`,
    ...names.map((name) => `export const ${name} = refuse;`),
    'export const allProcessors = {};',
    'export const toJSONSchema = refuse;',
  ].join('\n');
}

const generatorStubCode = [
  `const refuse = () => { ${refusal} };`,
  'export const createToJSONSchemaMethod = () => refuse;',
  'export const createStandardJSONSchemaMethod = () => refuse;',
].join('\n');

/**
 * zod 4's classic schemas carry JSON Schema generation on every schema (`toJSONSchema()`, the
 * standard schema's `jsonSchema`), each schema kind pointing at its processor, so the bundler
 * cannot drop it: ~37 KB of minified code (~8 KB gzip) in every page's first scripts, /login
 * included. The console never generates a JSON Schema (the server's OpenAPI document does, in
 * Node), so the build gives the classic schemas stand-ins that say so if ever called; the length
 * and range getters (`minLength`, `maxValue`…) keep zod's real `aggregateChecks`. A test keeps
 * the web and the contract free of those calls.
 */
export function zodJsonSchema(): Plugin {
  return {
    name: 'console-zod-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !classicModule.test(importer)) return null;
      if (source === '../core/json-schema-processors.js') return processorsStub;
      if (source === '../core/to-json-schema.js') return generatorStub;
      return null;
    },
    load(id) {
      if (id === processorsStub) return processorsStubCode();
      if (id === generatorStub) return generatorStubCode;
      return null;
    },
  };
}

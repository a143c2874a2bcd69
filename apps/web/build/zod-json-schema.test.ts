import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processorNames, processorsStubCode } from './zod-json-schema';

const classicSchemas = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), '../classic/schemas.js');
const sourcesOf = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));

describe('zod JSON Schema generation (stripped from the console build, zod-json-schema.ts)', () => {
  it('has a stand-in for every processor the classic schemas name', () => {
    const used = new Set(
      [...readFileSync(classicSchemas, 'utf8').matchAll(/(?<![-\w])processors\.(\w+)/g)].map((m) => m[1]!),
    );
    const stubbed = new Set(['aggregateChecks', ...processorNames()]);
    expect([...used].filter((name) => !stubbed.has(name))).toEqual([]);
    for (const name of processorNames()) expect(processorsStubCode()).toContain(`export const ${name} = refuse;`);
  });

  it('is called by no console or contract code', () => {
    const callers = [
      ...sourcesOf(join(import.meta.dirname, '../src')),
      ...sourcesOf(join(import.meta.dirname, '../../../packages/contract/src')),
    ].filter((text) => /toJSONSchema|\bjsonSchema\s*\.\s*(input|output)/.test(text));
    expect(callers).toEqual([]);
  });
});

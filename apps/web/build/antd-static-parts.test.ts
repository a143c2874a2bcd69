import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import UnusedAntdPart from './antd-static-parts-stub';

const src = join(import.meta.dirname, '../src');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

describe('antd statics the build leaves out (antd-static-parts.ts)', () => {
  it('are used by no console source', () => {
    const users = sources.filter((file) =>
      /\bCheckableTag\b|\bCheckableTagGroup\b|Avatar\.Group\b|\bAvatarGroup\b/.test(
        readFileSync(join(src, file), 'utf8'),
      ),
    );
    expect(users).toEqual([]);
  });

  it('say so if ever rendered', () => {
    expect(() => UnusedAntdPart()).toThrow(/CheckableTag/);
  });
});

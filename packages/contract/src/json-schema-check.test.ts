import { describe, expect, it } from 'vitest';
import { paramValueProblem } from './resources/platform-param.js';

const JSON_TYPE = 4;
const schema = JSON.stringify({
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 4 },
    ratio: { type: 'number', minimum: 0 },
    level: { enum: [1, 'high'] },
    flags: { type: 'array', items: { type: 'boolean' } },
  },
});
const problem = (value: unknown) => paramValueProblem(JSON_TYPE, JSON.stringify(value), schema);

describe('a JSON parameter checked against its declared schema', () => {
  it('accepts a value that fits, integers as numbers and fields the schema does not name', () => {
    expect(problem({ title: '报警', ratio: 2, level: 'high', flags: [true], extra: 1 })).toBeNull();
  });

  it('names the first place the value breaks the schema, in Chinese with its path', () => {
    expect(problem({ title: '超过四个字了' })).toBe('值.title 最多 4 个字符');
    expect(problem({ title: 'a', ratio: -1 })).toBe('值.ratio 不能小于 0');
    expect(problem({ title: 'a', level: 2 })).toBe('值.level 只能是 1、"high" 之一');
    expect(problem({ title: 'a', flags: [true, 'no'] })).toBe('值.flags[1] 应为布尔值');
    expect(problem({ ratio: 1 })).toBe('值 缺少字段 title');
    expect(problem([1])).toBe('值 应为对象');
  });

  it('refuses a schema it cannot read, as a Schema message', () => {
    expect(paramValueProblem(JSON_TYPE, '{}', '{"type":')).toBe('Schema 不是合法的 JSON');
    expect(paramValueProblem(JSON_TYPE, '{}', '[1]')).toBe('Schema 须为 JSON 对象');
    expect(paramValueProblem(JSON_TYPE, '{}', '{"type":"date"}')).toBe('Schema 含有无法识别的写法');
  });

  it('checks no schema when none is declared', () => {
    expect(paramValueProblem(JSON_TYPE, '{"any":1}', ' ')).toBeNull();
  });
});

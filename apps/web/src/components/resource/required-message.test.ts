import { describe, expect, it } from 'vitest';
import { requiredMessage } from './required-message';

describe('requiredMessage', () => {
  it('asks to choose on pickers and to type in text boxes', () => {
    expect(requiredMessage({ kind: 'region', label: '所在地区' })).toBe('请选择所在地区');
    expect(requiredMessage({ kind: 'enum', label: '状态' })).toBe('请选择状态');
    expect(requiredMessage({ kind: 'date', label: '签订日期' })).toBe('请选择签订日期');
    expect(requiredMessage({ kind: 'text', label: '服务商', reference: {} })).toBe('请选择服务商');
    expect(requiredMessage({ kind: 'text', label: '名称' })).toBe('请输入名称');
  });
});

import { describe, expect, it } from 'vitest';
import { zh } from './zh-text';

describe('zh', () => {
  it('puts a space where Chinese meets a Latin letter or digit, and only there', () => {
    expect(zh('新增', 'IP 限制')).toBe('新增 IP 限制');
    expect(zh('请输入', 'IP 地址/网段')).toBe('请输入 IP 地址/网段');
    expect(zh('删除', 'APP', '版本')).toBe('删除 APP 版本');
    expect(zh('新增', '服务商')).toBe('新增服务商');
    expect(zh('IP 限制', '列表')).toBe('IP 限制列表');
    expect(zh('请选择', '')).toBe('请选择');
    expect(zh('确定删除', '「', 'IP', '」吗？')).toBe('确定删除「IP」吗？');
  });
});

import { describe, expect, it } from 'vitest';
import { operationsWidth, orderOperations, splitOperations } from './row-operations';

const op = (key: string, label = key, conditional = false) => ({ key, label, conditional });
const keys = (ops: { key: string }[]) => ops.map((o) => o.key);

describe('row operations', () => {
  it('keep their declared order with 删除 moved last, after the resource’s named ones', () => {
    const ops = [op('view'), op('delete'), op('a'), op('b')];
    expect(keys(orderOperations(ops))).toEqual(['view', 'a', 'b', 'delete']);
    expect(keys(orderOperations(ops, ['b', 'delete']))).toEqual(['b', 'delete', 'view', 'a']);
  });

  it('split into at most the shown count and the rest', () => {
    expect(splitOperations([1, 2, 3], 3)).toEqual({ shown: [1, 2, 3], more: [] });
    expect(splitOperations([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2, 3], more: [4] });
  });

  it('size the column for the widest cell a row can show, not for every declared operation', () => {
    const three = operationsWidth([op('view', '查看'), op('edit', '编辑'), op('delete', '删除')], [], 3);
    const withMore = operationsWidth(
      [op('view', '查看'), op('edit', '编辑'), op('a', '甲'), op('delete', '删除')],
      [],
      3,
    );
    // The same three buttons and 更多, however many operations wait under it.
    const many = operationsWidth(
      ['甲', '乙', '丙', '丁', '戊'].map((label) => op(label, label)).concat(op('view', '查看'), op('edit', '编辑')),
      ['view', 'edit', '甲'],
      3,
    );
    expect(withMore).toBeGreaterThan(three);
    expect(many).toBe(withMore);
  });

  it('make room for a long label a row shows only when another operation is absent', () => {
    const always = [op('view', '查看'), op('status', '状态'), op('restart', '重启'), op('key', '加入黑名单并通知')];
    const sometimes = [
      op('view', '查看'),
      op('status', '状态'),
      op('restart', '重启', true),
      op('key', '加入黑名单并通知'),
    ];
    // Without 重启 the row shows 查看 状态 加入黑名单并通知 (wider) and nothing under 更多.
    expect(operationsWidth(sometimes, [], 3)).toBeGreaterThan(operationsWidth(always, [], 3));
  });
});

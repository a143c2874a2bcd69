import type { CustomMenu } from '@console/contract';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMenuEditor } from './use-menu-editor';

const menu = (version: number, names: string[], publishStatus: 0 | 1 | 2 | 3 = 0): CustomMenu => ({
  officialAccountId: '5',
  buttons: names.map((name) => ({ name, type: 'click' as const, key: name })),
  publishStatus,
  publishedAt: null,
  publishError: '',
  liveButtons: null,
  liveSyncedAt: null,
  version,
  updatedAt: null,
});

describe('useMenuEditor: the draft over the server’s menu', () => {
  afterEach(cleanup);

  it('follows the server while nothing was changed, and keeps a draft through WeChat’s answer', () => {
    const { result, rerender } = renderHook(({ server }) => useMenuEditor(server), {
      initialProps: { server: menu(1, ['甲']) },
    });
    expect(result.current.draft.map((b) => b.name)).toEqual(['甲']);
    rerender({ server: menu(2, ['甲', '乙']) });
    expect(result.current.draft.map((b) => b.name)).toEqual(['甲', '乙']);
    expect(result.current.dirty).toBe(false);

    act(() => result.current.update({ name: '丙' }));
    expect(result.current.dirty).toBe(true);
    // Publication answered: same buttons, a new version. The edit stays; the save uses the new version.
    rerender({ server: menu(3, ['甲', '乙'], 2) });
    expect(result.current.draft[0]!.name).toBe('丙');
    expect(result.current.version).toBe(3);
    expect(result.current.conflict).toBe(false);
  });

  it('flags someone else’s save instead of taking its version, so the stale save is refused', () => {
    const { result, rerender } = renderHook(({ server }) => useMenuEditor(server), {
      initialProps: { server: menu(1, ['甲']) },
    });
    act(() => result.current.update({ name: '丙' }));
    rerender({ server: menu(2, ['丁']) });
    expect(result.current.conflict).toBe(true);
    expect(result.current.version).toBe(1);
    expect(result.current.draft[0]!.name).toBe('丙');
    act(() => result.current.reset(menu(2, ['丁'])));
    expect(result.current.conflict).toBe(false);
    expect(result.current.draft[0]!.name).toBe('丁');
    expect(result.current.version).toBe(2);
  });
});

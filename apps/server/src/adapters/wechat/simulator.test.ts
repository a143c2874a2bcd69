import { describe, expect, it } from 'vitest';
import { WechatSimulator } from './simulator.js';
import type { MenuResult } from './types.js';

const instant = () => Promise.resolve();

describe('WeChat simulator', () => {
  it('keeps an account’s facts stable and its followers growing', async () => {
    const sim = new WechatSimulator({ sleep: instant, unavailableRate: 0 });
    const a = await sim.getAccountInfo('wx1a2b3c4d5e6f7a8b');
    const b = await sim.getAccountInfo('wx1a2b3c4d5e6f7a8b');
    expect(b.verified).toBe(a.verified);
    expect(b.authorized).toBe(a.authorized);
    expect(b.followerCount).toBeGreaterThanOrEqual(a.followerCount);
  });

  it('confirms a publication later, and refuses an unlinked mini-program for some accounts', async () => {
    const sim = new WechatSimulator({ sleep: instant, unavailableRate: 0 });
    const results: MenuResult[] = [];
    sim.onMenuResult((r) => {
      results.push(r);
    });
    const applet = [
      {
        name: '预约',
        type: 'miniprogram',
        appid: 'wx0000000000000001',
        pagepath: 'pages/index',
        url: 'https://m.example.com',
      },
    ];
    const plain = [{ name: '官网', type: 'view', url: 'https://m.example.com' }];
    // Which accounts refuse is a property of the AppID; find one of each.
    const ids = Array.from({ length: 8 }, (_, i) => `wx${String(i).padStart(16, '0')}`);
    for (const id of ids) await sim.publishMenu(id, applet);
    await sim.publishMenu('wxffffffffffffffff', plain);
    expect(results).toEqual([]);
    await sim.settleAll();
    expect(results).toHaveLength(9);
    expect(results.find((r) => r.appId === 'wxffffffffffffffff')?.ok).toBe(true);
    expect(results.some((r) => !r.ok && r.message === '菜单中的小程序未与该公众号关联')).toBe(true);
    expect(results.some((r) => r.ok && r.appId !== 'wxffffffffffffffff')).toBe(true);
    sim.close();
  });
});

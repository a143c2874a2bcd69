import { describe, expect, it } from 'vitest';
import { appletRefusals } from './simulated-refusals.js';
import { WechatSimulator } from './simulator.js';
import { type MenuResult, WechatRefusedError, WechatUnavailableError } from './types.js';

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

describe('WeChat simulator: merchant mini-programs and the live menu', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `wx${(0x77000 + i).toString(16).padStart(16, '0')}`);

  it('answers after its configured delay, and refuses by AppID the same way every time', async () => {
    const waits: number[] = [];
    const sim = new WechatSimulator({
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      unavailableRate: 0,
      appletMs: [800, 2_500],
    });
    const refusedId = ids.find((id) => appletRefusals.authorize(id) !== null)!;
    const acceptedId = ids.find((id) => appletRefusals.authorize(id) === null)!;
    await expect(sim.authorizeApplet(refusedId, 365)).rejects.toThrow(appletRefusals.authorize(refusedId)!);
    await expect(sim.authorizeApplet(refusedId, 365)).rejects.toBeInstanceOf(WechatRefusedError);
    const grant = await sim.authorizeApplet(acceptedId, 365);
    expect(Date.parse(grant.expireAt) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(waits.every((ms) => ms >= 800 && ms <= 2_500)).toBe(true);
  });

  it('renews from the current expiry, or from today once it has passed', async () => {
    const sim = new WechatSimulator({ sleep: instant, unavailableRate: 0 });
    const id = ids.find((i) => appletRefusals.renew(i) === null)!;
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const renewed = await sim.renewApplet(id, later, 365);
    expect(Date.parse(renewed.expireAt) - Date.parse(later)).toBe(365 * 86_400_000);
    const lapsed = await sim.renewApplet(id, '2020-01-01T00:00:00.000Z', 365);
    expect(Date.parse(lapsed.expireAt)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
  });

  it('is sometimes unavailable, and then says so', async () => {
    const sim = new WechatSimulator({ sleep: instant, unavailableRate: 1 });
    await expect(sim.revokeApplet()).rejects.toBeInstanceOf(WechatUnavailableError);
  });

  it('shows the last menu it accepted', async () => {
    const sim = new WechatSimulator({ sleep: instant, unavailableRate: 0 });
    const menu = [{ name: '官网', type: 'view', url: 'https://m.example.com' }];
    await sim.publishMenu('wxffffffffffffffff', menu);
    await sim.settleAll();
    expect(await sim.getCurrentMenu('wxffffffffffffffff')).toEqual(menu);
    sim.close();
  });
});

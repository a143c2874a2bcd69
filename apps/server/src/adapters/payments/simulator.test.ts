import { describe, expect, it } from 'vitest';
import { isValidLicenseNo, makeLicenseNo } from './license-no.js';
import { PaymentsSimulator } from './simulator.js';
import type { MerchantApplication, MerchantUpdate } from './types.js';

const instant = () => Promise.resolve();
const application = (licenseNo: string): MerchantApplication => ({
  provider: 1,
  merchantName: '杭州云泉汤屋休闲服务有限公司',
  shortName: '云泉汤屋',
  licenseNo,
  legalPerson: '林晓峰',
  contactPhone: '13905710000',
  settleBank: '招商银行杭州分行',
  settleAccount: '6214830100001234',
});

describe('unified social credit code check', () => {
  it('accepts published codes and the generated ones, refuses a wrong check character', () => {
    expect(isValidLicenseNo('91350100M000100Y43')).toBe(true);
    expect(isValidLicenseNo('91350100M000100Y44')).toBe(false);
    for (const n of [1, 42, 99_999, 123_456_789]) expect(isValidLicenseNo(makeLicenseNo(n))).toBe(true);
    expect(isValidLicenseNo('short')).toBe(false);
  });
});

describe('payments simulator', () => {
  it('accepts, then decides later: a bad code is rejected, a sound one approved with a merchant number', async () => {
    const sim = new PaymentsSimulator({ sleep: instant, rejectRate: 0, unavailableRate: 0 });
    const updates: MerchantUpdate[] = [];
    sim.onUpdate((u) => {
      updates.push(u);
    });
    const good = await sim.submitMerchant(application(makeLicenseNo(5)));
    const bad = await sim.submitMerchant(application('91350100M000100Y44'));
    expect(good.applyNo).toMatch(/^SW/);
    expect(updates).toEqual([]);
    expect(sim.pendingCount).toBe(2);
    await sim.settleAll();
    expect(sim.pendingCount).toBe(0);
    const steps = (applyNo: string) => updates.filter((u) => u.applyNo === applyNo);
    // submitted → reviewing → approved → activated; a bad code: reviewing → rejected, and no more.
    expect(steps(good.applyNo).map((u) => u.step)).toEqual(['reviewing', 'approved', 'activated']);
    expect(steps(good.applyNo)[1]).toMatchObject({ merchantNo: expect.stringMatching(/^1688\d{10}$/) as string });
    expect(steps(bad.applyNo)).toMatchObject([
      { step: 'reviewing' },
      { step: 'rejected', reason: '统一社会信用代码校验失败' },
    ]);
    sim.close();
  });

  it('is repeatable from its seed and can be unavailable', async () => {
    const outcomes = async () => {
      const sim = new PaymentsSimulator({ seed: 3, sleep: instant, rejectRate: 0.5, unavailableRate: 0.3 });
      const results: string[] = [];
      sim.onUpdate((u) => {
        if (u.step === 'approved' || u.step === 'rejected') results.push(u.step === 'approved' ? 'ok' : u.reason);
      });
      for (let i = 0; i < 12; i += 1) {
        await sim.submitMerchant(application(makeLicenseNo(i))).catch((e: Error) => results.push(e.message));
      }
      await sim.settleAll();
      sim.close();
      return results;
    };
    const first = await outcomes();
    expect(await outcomes()).toEqual(first);
    expect(first).toContain('支付服务商暂时无法受理，请稍后重试');
  });
});

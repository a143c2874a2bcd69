import { describe, expect, it } from 'vitest';
import { isValidLicenseNo, makeLicenseNo } from './license-no.js';
import { PaymentsSimulator } from './simulator.js';
import type { MerchantApplication, MerchantDecision } from './types.js';

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
    const decisions: MerchantDecision[] = [];
    sim.onDecision((d) => {
      decisions.push(d);
    });
    const good = await sim.submitMerchant(application(makeLicenseNo(5)));
    const bad = await sim.submitMerchant(application('91350100M000100Y44'));
    expect(good.applyNo).toMatch(/^SW/);
    expect(decisions).toEqual([]);
    expect(sim.pendingCount).toBe(2);
    await sim.settleAll();
    expect(sim.pendingCount).toBe(0);
    const byNo = new Map(decisions.map((d) => [d.applyNo, d]));
    const approved = byNo.get(good.applyNo);
    expect(approved?.approved && approved.merchantNo).toMatch(/^1688\d{10}$/);
    expect(byNo.get(bad.applyNo)).toMatchObject({ approved: false, reason: '统一社会信用代码校验失败' });
    sim.close();
  });

  it('is repeatable from its seed and can be unavailable', async () => {
    const outcomes = async () => {
      const sim = new PaymentsSimulator({ seed: 3, sleep: instant, rejectRate: 0.5, unavailableRate: 0.3 });
      const results: string[] = [];
      sim.onDecision((d) => {
        results.push(d.approved ? 'ok' : d.reason);
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

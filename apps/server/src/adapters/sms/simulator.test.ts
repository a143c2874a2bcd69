import { describe, expect, it } from 'vitest';
import { SmsSimulator } from './simulator.js';

const message = {
  vendor: 1,
  accessKeyId: 'LTAI5tKey',
  accessKeySecret: 'secretSecretSecret01',
  signName: '门店云',
  phone: '13800138000',
  content: '您的验证码是 123456',
};

describe('SMS simulator', () => {
  it('answers like a gateway: accepted, then one message a minute per number', async () => {
    let clock = 1_000_000;
    const sim = new SmsSimulator({ sleep: () => Promise.resolve(), throttleRate: 0, now: () => clock });
    expect(await sim.send(message)).toMatchObject({ ok: true, message: '提交成功' });
    expect(await sim.send(message)).toMatchObject({ ok: false, message: '该号码 1 分钟内只能接收 1 条短信' });
    clock += 60_000;
    expect((await sim.send(message)).ok).toBe(true);
  });

  it('refuses a channel without a key and an over-long text', async () => {
    const sim = new SmsSimulator({ sleep: () => Promise.resolve(), throttleRate: 0 });
    expect((await sim.send({ ...message, accessKeyId: '' })).message).toBe('通道未配置 AccessKey，网关拒绝发送');
    expect((await sim.send({ ...message, phone: '13900000000', content: '字'.repeat(600) })).message).toBe(
      '短信内容超过 500 字',
    );
  });
});

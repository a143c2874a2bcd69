import { describe, expect, it } from 'vitest';
import { DeviceSimulator, type SimulatorOptions } from './simulator.js';
import { DeviceOfflineError, type DeviceReport, DeviceTimeoutError } from './types.js';

const instant = (): Promise<void> => Promise.resolve();
const quiet: SimulatorOptions = { seed: 7, sleep: instant, timeoutRate: 0, driftRate: 0, pushFailRate: 0 };
const gw = { serial: 'ZKB-A1', kind: 'gateway' as const, ip: '10.0.0.9', firmwareVersion: 'V2.1.0', online: true };

describe('device simulator', () => {
  it('starts from what the server knows and answers queries from its state', async () => {
    const sim = new DeviceSimulator(quiet);
    await expect(sim.queryIp(gw)).resolves.toEqual({ ip: '10.0.0.9' });
    const info = await sim.reportInfo(gw);
    expect(info).toMatchObject({ serial: 'ZKB-A1', online: true, firmwareVersion: 'V2.1.0', restarting: false });
    expect(info.deviceCode).toMatch(/^ZK[0-9A-F]{6}$/);
  });

  it('refuses commands to an offline device but still tells its status', async () => {
    const sim = new DeviceSimulator(quiet);
    sim.setOnline(gw, false);
    await expect(sim.restart(gw)).rejects.toBeInstanceOf(DeviceOfflineError);
    await expect(sim.queryCommunicationStatus(gw)).resolves.toMatchObject({ online: false });
  });

  it('answers lock commands through an online gateway, and fails some as a real lock controller does', async () => {
    const sim = new DeviceSimulator(quiet);
    const config = {
      vendor: 1,
      protocol: 1,
      cardType: 1,
      cardSector: 2,
      sectorKey: 'FFFFFFFFFFFF',
      lockerCount: 40,
      lockerStart: 1,
      enabled: true,
    };
    await expect(sim.pushLockConfig(gw, config)).resolves.toMatchObject({
      ok: true,
      message: '已下发 40 个柜门的配置',
    });
    await expect(sim.openLocker(gw, 12)).resolves.toMatchObject({ ok: true, message: '12 号柜门已打开' });
    await expect(sim.clearWristband(gw, '04A1B2C3')).resolves.toMatchObject({ ok: true });
    const flaky = new DeviceSimulator({ ...quiet, pushFailRate: 1 });
    const refused = await flaky.openLocker(gw, 12);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/柜门|占用/);
    sim.setOnline(gw, false);
    await expect(sim.openLocker(gw, 12)).rejects.toBeInstanceOf(DeviceOfflineError);
  });

  it('times out as a declared error, after waiting the timeout', async () => {
    const waits: number[] = [];
    const sim = new DeviceSimulator({
      ...quiet,
      timeoutRate: 1,
      timeoutMs: 3000,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    await expect(sim.queryIp(gw)).rejects.toBeInstanceOf(DeviceTimeoutError);
    expect(waits).toEqual([3000]);
  });

  it('waits a realistic delay between the configured bounds', async () => {
    const waits: number[] = [];
    const sim = new DeviceSimulator({
      ...quiet,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    for (let i = 0; i < 20; i += 1) await sim.queryCommunicationStatus(gw);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...waits)).toBeLessThanOrEqual(400);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('reports a restart later: restarting at first, back online after', async () => {
    // A macrotask wait, so the restart is still under way when the call returns.
    const sim = new DeviceSimulator({ ...quiet, sleep: () => new Promise((r) => setTimeout(r, 0)) });
    const reports: DeviceReport[] = [];
    sim.onReport((r) => reports.push(r));
    await sim.restart(gw);
    expect(sim.stateOf(gw)).toMatchObject({ restarting: true, online: false });
    await sim.idle();
    expect(sim.stateOf(gw)).toMatchObject({ restarting: false, online: true });
    expect(reports).toEqual([expect.objectContaining({ kind: 'restarted', serial: 'ZKB-A1', ok: true })]);
  });

  it('reports one push result per device: offline ones fail, online ones take the version', async () => {
    const sim = new DeviceSimulator(quiet);
    const a = { serial: 'AD-1', kind: 'android' as const, online: true, appVersion: '1.0.0' };
    const b = { serial: 'AD-2', kind: 'android' as const, online: false, appVersion: '1.0.0' };
    sim.stateOf(a);
    sim.stateOf(b);
    const reports: DeviceReport[] = [];
    sim.onReport((r) => reports.push(r));
    await sim.pushAppUpdate({
      jobId: 1,
      versionName: '1.2.0',
      downloadUrl: 'https://example.com/a.apk',
      md5: 'x',
      targets: [
        { deviceId: 1, serial: 'AD-1' },
        { deviceId: 2, serial: 'AD-2' },
      ],
    });
    await sim.idle();
    const results = reports.filter((r) => r.kind === 'pushResult');
    const byDevice = Object.fromEntries(results.map((r) => [r.deviceId, r.ok]));
    // The online terminal reported its download and install before the result.
    const stages = reports.flatMap((r) => (r.kind === 'pushProgress' && r.deviceId === 1 ? [r.stage] : []));
    expect(stages).toContain('installing');
    expect(byDevice).toEqual({ 1: true, 2: false });
    expect(sim.stateOf(a).appVersion).toBe('1.2.0');
    expect(sim.stateOf(b).appVersion).toBe('1.0.0');
  });

  it('is repeatable: the same seed gives the same outcomes', async () => {
    const run = async () => {
      const sim = new DeviceSimulator({ seed: 42, sleep: instant, timeoutRate: 0.3, driftRate: 0.2 });
      const out: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        out.push(
          await sim.queryIp(gw).then(
            (r) => r.ip,
            (e: Error) => e.name,
          ),
        );
      }
      return out;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain('DeviceTimeoutError');
  });

  it('vouches to the presence sweep for the devices it simulates as on line, not for a cut or banned one', () => {
    const sim = new DeviceSimulator(quiet);
    const reports: DeviceReport[] = [];
    sim.onReport((r) => reports.push(r));
    const cut = { serial: 'ZKB-CUT', kind: 'gateway' as const };
    const banned = { serial: 'ZKB-BAN', kind: 'gateway' as const };
    const untouched = { serial: 'ZKB-NEW', kind: 'gateway' as const, online: true };
    sim.cutPower(cut);
    sim.setBanned(banned.serial, true);
    expect([...sim.aliveAmong([gw, cut, banned, untouched])].sort()).toEqual(['ZKB-A1', 'ZKB-NEW']);
    // A power cut says nothing: only the sweep can notice it.
    expect(reports).toEqual([]);
    sim.setOnline(cut, true);
    expect(sim.aliveAmong([cut]).has(cut.serial)).toBe(true);
  });
});

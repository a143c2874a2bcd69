import { readFileSync, writeFileSync } from 'node:fs';
import type { DeviceCredential, DeviceKind } from '@console/contract';

/** One device as the simulator runs it: what it says about itself, and its key when it has one. */
export interface ProvisionedDevice {
  kind: DeviceKind;
  serial: string;
  ip: string;
  firmwareVersion: string;
  appVersion: string;
  deviceCode: string;
  username?: string;
  password?: string;
}

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

/** The console's API as a factory's provisioning station uses it: signed in as one operator. */
class ConsoleApi {
  private token = '';
  constructor(private readonly base: string) {}

  async signIn(loginName: string, password: string): Promise<void> {
    const r = await this.call<{ token: string }>('POST', '/log/adminLogin/login', { loginName, password });
    this.token = r.token;
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.token ? { token: this.token } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.errCode !== 0) throw new Error(`${path}：${envelope.errMsg}（${envelope.errCode}）`);
    return envelope.data;
  }

  /** Every row of a list, following its keyset cursor. */
  async all<T>(path: string): Promise<T[]> {
    const rows: T[] = [];
    let after: string | null | undefined;
    do {
      const page = await this.call<{ list: T[]; nextCursor?: string | null }>('POST', path, {
        offset: 1,
        size: 500,
        ...(after ? { after } : {}),
      });
      rows.push(...page.list);
      after = page.list.length === 500 ? page.nextCursor : null;
    } while (after);
    return rows;
  }
}

type GatewayRow = { deviceName: string; ip: string; firmwareVersion: string; deviceCode: string };
type TerminalRow = { id: string; deviceNo: string; ip: string; appVersion: string };

/**
 * Issues every device of the operator's scope a key through the server (设备密钥, the same
 * endpoints the console's row action calls; a platform operator gets every provider's devices)
 * and returns them as the simulator runs them. Nothing is read from the server's database.
 */
export async function provisionDevices(opts: {
  server: string;
  loginName: string;
  password: string;
  log?: (line: string) => void;
}): Promise<ProvisionedDevice[]> {
  const api = new ConsoleApi(opts.server.replace(/\/+$/, ''));
  await api.signIn(opts.loginName, opts.password);
  const me = await api.call<{ adminType: number }>('GET', '/adminLogin/info');
  const platform = me.adminType === 0;
  const gateways = await api.all<GatewayRow>(platform ? '/device/deviceList' : '/ZKBManager/deviceList');
  const terminals = await api.all<TerminalRow>(
    platform ? '/saasicAndroidController/getPage' : '/aic/androidManage/getPage',
  );
  const out: ProvisionedDevice[] = [];
  for (const [i, g] of gateways.entries()) {
    const key = await api.call<DeviceCredential>(
      'POST',
      `/device/resetCredential?deviceName=${encodeURIComponent(g.deviceName)}`,
    );
    out.push({
      kind: 'gateway',
      serial: g.deviceName,
      ip: g.ip || `192.168.10.${(i % 250) + 2}`,
      firmwareVersion: g.firmwareVersion || 'V2.1.0',
      appVersion: '',
      deviceCode: g.deviceCode || `ZK${(i + 1).toString(16).toUpperCase().padStart(6, '0')}`,
      username: key.username,
      password: key.password,
    });
    opts.log?.(`网关 ${g.deviceName}：已签发密钥`);
  }
  const androidReset = platform ? '/saasicAndroidController/resetCredential' : '/aic/androidManage/resetCredential';
  for (const [i, a] of terminals.entries()) {
    const key = await api.call<DeviceCredential>('POST', `${androidReset}?id=${a.id}`);
    out.push({
      kind: 'android',
      serial: a.deviceNo,
      ip: a.ip || `192.168.20.${(i % 250) + 2}`,
      firmwareVersion: '',
      appVersion: a.appVersion,
      deviceCode: `AD${(i + 1).toString(16).toUpperCase().padStart(6, '0')}`,
      username: key.username,
      password: key.password,
    });
    opts.log?.(`安卓终端 ${a.deviceNo}：已签发密钥`);
  }
  return out;
}

/** The keys file: kept beside the simulator like a factory's provisioning records (mode 600). */
export function saveDevices(file: string, devices: ProvisionedDevice[]): void {
  writeFileSync(file, JSON.stringify({ devices }, null, 2), { mode: 0o600 });
}

export function loadDevices(file: string): ProvisionedDevice[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { devices?: ProvisionedDevice[] };
  return parsed.devices ?? [];
}

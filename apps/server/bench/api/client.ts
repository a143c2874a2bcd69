import { DEMO_PASSWORD } from '../../src/scripts/seed/index.js';

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

/** One JSON call to the server under test; a non-zero errCode stops the suite with its message. */
export async function call<T>(url: string, path: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(url + path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { token: init.token } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data;
}

/** A demo operator's session token (agent1 is a provider admin of the provider with most rows). */
export async function signIn(url: string, loginName = 'agent1'): Promise<string> {
  const data = await call<{ token: string }>(url, '/api/log/adminLogin/login', {
    body: { loginName, password: DEMO_PASSWORD },
  });
  return data.token;
}

/** agent1's session and the id of a gateway of its provider: what the api figures read by id. */
export async function agent1Gateway(url: string): Promise<{ token: string; id: string }> {
  const token = await signIn(url);
  const page = await call<{ list: { id: string }[] }>(url, '/api/ZKBManager/deviceList', {
    token,
    body: { offset: 1, size: 1 },
  });
  const id = page.list[0]?.id;
  if (!id) throw new Error('agent1 没有网关设备');
  return { token, id };
}

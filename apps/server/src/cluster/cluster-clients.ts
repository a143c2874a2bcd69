import { type RealtimeEvent, socketPath } from '@console/contract';
import WebSocket from 'ws';

/**
 * What the cluster test and the cluster bench do to a running cluster from outside, as an
 * operator's browser, a device or Prometheus would: over HTTP, websockets and the metrics endpoint.
 */

/** The sum of a counter's samples in one process's `/api/metrics`, those whose labels contain `labels`. */
export async function scrapeCounter(
  port: number,
  token: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`127.0.0.1:${port} 的 /api/metrics 返回 ${res.status}`);
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length, line.lastIndexOf(' '));
    if (wanted.every((w) => labelText.includes(w))) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** Signs in through `/api/log/adminLogin/login`; the session token and the operator's id. */
export async function signIn(
  base: string,
  loginName: string,
  password: string,
): Promise<{ token: string; id: string; agentId: string | null }> {
  const login = await postJson<{ token: string }>(base, '/log/adminLogin/login', { loginName, password });
  const info = await fetch(`${base}/api/adminLogin/info`, { headers: { token: login.token } });
  const me = ((await info.json()) as { data: { id: number | string; agentId: number | string | null } }).data;
  return { token: login.token, id: String(me.id), agentId: me.agentId === null ? null : String(me.agentId) };
}

/** POSTs an endpoint and returns its envelope's data; throws on a refusal. */
export async function postJson<T>(base: string, path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { errCode: number; errMsg: string; data: T };
  if (envelope.errCode !== 0) throw new Error(`${path}：${envelope.errMsg}（${envelope.errCode}）`);
  return envelope.data;
}

export interface LiveSocket {
  frames: RealtimeEvent[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** The first frame (had or coming) that `pred` accepts. */
  next(pred: (e: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  close(): void;
}

/**
 * The console's message socket as its client opens it (`/ws/0/{random}/{userId}`, the token in
 * the first frame); resolves once the server said ready.
 */
export function openLiveSocket(base: string, userId: string, token: string, timeoutMs = 5_000): Promise<LiveSocket> {
  const url = new URL(base);
  const ws = new WebSocket(`ws://${url.host}${socketPath(0, Math.random().toString(36).slice(2, 10), userId)}`, {
    origin: url.origin,
  });
  const frames: RealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as RealtimeEvent);
    for (const w of [...waiters]) w();
  });
  ws.on('error', () => undefined);
  const next = (pred: (e: RealtimeEvent) => boolean, ms = 3_000) =>
    new Promise<RealtimeEvent>((resolve, reject) => {
      const check = () => {
        const hit = frames.find(pred);
        if (!hit) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${ms} ms 内没有收到预期的消息`));
      }, ms);
      waiters.add(check);
      check();
    });
  const socket: LiveSocket = { frames, closed, next, close: () => ws.close() };
  ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  return Promise.race([
    next((e) => e.type === 'ready', timeoutMs).then(() => socket),
    closed.then((code) => Promise.reject(new Error(`消息通道在就绪前关闭（${code}）`))),
  ]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, polling; throws with `what` after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${ms} ms 内未达到：${what}`);
    await sleep(50);
  }
}

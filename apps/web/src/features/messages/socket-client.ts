import { type RealtimeEvent, SOCKET_LIVENESS_MS, realtimeEvent, socketCloseCodes, socketPath } from '@console/contract';

/** The browser's WebSocket as the client uses it (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

/**
 * After a 1012 (the server process is draining), reopen within this window, at a random moment:
 * the load balancer sends the new socket to a live process, and a process's thousands of consoles
 * do not all arrive at the next one in the same instant.
 */
const RESTART_RECONNECT_MIN_MS = 250;
const RESTART_RECONNECT_SPREAD_MS = 1000;

/**
 * Closes after which the console reopens by itself: a drain (1012), a process going away (1001),
 * and an abnormal close (1006: the process was killed, or the connection to it broke). Once a
 * reopened socket fails before it is ready, the console stops trying and the liveness check warns
 * with 重新连接, so a server that is down is not hammered by every console.
 */
const REOPEN_ON: readonly number[] = [socketCloseCodes.serviceRestart, socketCloseCodes.serverShutdown, 1006];
const MAX_REOPENS_BEFORE_READY = 1;

export type SocketState = 'connecting' | 'open' | 'closed';

export interface MessageSocketOptions {
  userId: string;
  token: string;
  /** ws(s)://host of the server; defaults to this page's host. */
  origin?: string;
  create?: SocketFactory;
  /** Every typed event (ready and pong aside). */
  onEvent: (event: RealtimeEvent, raw: string) => void;
  /** The liveness check found the socket not open (spec: warn, offer 重新连接 / 不再提醒). */
  onDown: () => void;
  livenessMs?: number;
}

function defaultOrigin(): string {
  return `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
}

/** Whether this browser can keep a message socket at all (spec section 5). */
export function socketSupported(): boolean {
  return typeof window !== 'undefined' && 'WebSocket' in window;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The console's message socket, per spec section 4: opens `/ws/0/{random}/{userId}`,
 * authenticates with its first frame (the token never goes in the URL), and checks every 20 s
 * that it is still open; when not, it tells the caller once until reconnected or stopped.
 */
export class MessageSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private warned = false;
  private stopped = false;
  private sessionEnded = false;
  /** Reopens by itself since the last socket that became ready. */
  private reopens = 0;
  state: SocketState = 'closed';

  constructor(private readonly opts: MessageSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
    this.timer ??= setInterval(() => this.check(), this.opts.livenessMs ?? SOCKET_LIVENESS_MS);
  }

  /** 重新连接: a fresh socket, and the warning may show again if it fails too. */
  reconnect(): void {
    this.warned = false;
    this.reopens = 0;
    this.sessionEnded = false;
    this.cancelReopen();
    this.socket?.close();
    this.open();
  }

  /** 不再提醒, or sign-out: no more checks or warnings. */
  stop(): void {
    this.stopped = true;
    this.cancelReopen();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    s?.close(1000, 'bye');
    this.state = 'closed';
  }

  /** Stops warning (不再提醒) but keeps the socket as it is. */
  silence(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private open(): void {
    const url = `${this.opts.origin ?? defaultOrigin()}${socketPath(0, randomId(), this.opts.userId)}`;
    const create = this.opts.create ?? ((u: string) => new WebSocket(u));
    const socket = create(url);
    this.socket = socket;
    this.state = 'connecting';
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', token: this.opts.token }));
    };
    socket.onmessage = (ev) => {
      const raw = typeof ev.data === 'string' ? ev.data : '';
      const event = realtimeEvent.safeParse(parseJson(raw));
      if (!event.success) return;
      if (event.data.type === 'ready') {
        this.state = 'open';
        this.reopens = 0;
        return;
      }
      if (event.data.type === 'sessionRevoked') this.sessionEnded = true;
      if (event.data.type !== 'pong') this.opts.onEvent(event.data, raw);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.state = 'closed';
      if (ev.code === socketCloseCodes.sessionEnded) this.sessionEnded = true;
      // Not signed out: this server process went away, another answers the same session.
      if (REOPEN_ON.includes(ev.code) && !this.stopped && !this.sessionEnded) this.reopenSoon();
    };
    socket.onerror = () => undefined;
  }

  private reopenSoon(): void {
    this.cancelReopen();
    if (this.reopens >= MAX_REOPENS_BEFORE_READY) return;
    this.reopens += 1;
    const delay = RESTART_RECONNECT_MIN_MS + Math.random() * RESTART_RECONNECT_SPREAD_MS;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      if (!this.stopped && this.state === 'closed') this.open();
    }, delay);
  }

  private cancelReopen(): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
  }

  private check(): void {
    if (this.stopped || this.sessionEnded) return;
    const open = this.socket?.readyState === OPEN && this.state === 'open';
    if (open) {
      this.warned = false;
      return;
    }
    if (this.warned) return;
    this.warned = true;
    this.opts.onDown();
  }
}

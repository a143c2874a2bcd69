import { type RealtimeEvent, SOCKET_LIVENESS_MS, socketCloseCodes } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageSocket, type SocketLike } from './socket-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

describe('MessageSocket', () => {
  let sockets: FakeSocket[];
  let events: RealtimeEvent[];
  let downs: number;
  let client: MessageSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    events = [];
    downs = 0;
    client = new MessageSocket({
      userId: '12',
      token: 'tok',
      origin: 'ws://console.test',
      create: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      onEvent: (e) => events.push(e),
      onDown: () => {
        downs += 1;
      },
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  const ready = () => {
    const s = sockets.at(-1)!;
    s.serverOpens();
    s.serverSends({ type: 'ready' });
    return s;
  };

  it('connects to /ws/0/{random}/{userId} and authenticates with its first frame, not the URL', () => {
    client.start();
    const s = ready();
    expect(s.url).toMatch(/^ws:\/\/console\.test\/ws\/0\/[a-z0-9]+\/12$/);
    expect(s.url).not.toContain('tok');
    expect(s.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok' })]);
    expect(client.state).toBe('open');
    s.serverSends({ type: 'message', messageId: '1', messageTitle: 't', text: '您有一条新的系统消息：t' });
    s.serverSends({ type: 'pong' });
    s.serverSends({ type: 'nonsense' });
    expect(events.map((e) => e.type)).toEqual(['message']);
  });

  it('checks liveness every 20 s and warns once while the socket is down', () => {
    client.start();
    const s = ready();
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS);
    expect(downs).toBe(0);
    s.close(1006);
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS - 1);
    expect(downs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(downs).toBe(1);
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS * 3);
    expect(downs).toBe(1);
  });

  it('reconnects on 重新连接 and stops warning on 不再提醒', () => {
    client.start();
    ready().close(1011); // a close the console does not reopen by itself
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS);
    expect(downs).toBe(1);
    client.reconnect();
    expect(sockets).toHaveLength(2);
    ready();
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS);
    expect(downs).toBe(1);
    sockets[1]!.close(1011);
    client.silence();
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS * 5);
    expect(downs).toBe(1);
  });

  it('does not offer to reconnect a session the server ended', () => {
    client.start();
    const s = ready();
    s.serverSends({ type: 'sessionRevoked', reason: '已被强制下线' });
    s.close(socketCloseCodes.sessionEnded);
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS * 2);
    expect(downs).toBe(0);
    expect(events).toEqual([{ type: 'sessionRevoked', reason: '已被强制下线' }]);
  });

  it('reopens by itself, within the spread and with the same session, when the server process restarts (1012)', () => {
    client.start();
    const s = ready();
    s.close(socketCloseCodes.serviceRestart);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1250);
    expect(sockets).toHaveLength(2);
    const again = ready();
    expect(again.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok' })]);
    expect(client.state).toBe('open');
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS * 2);
    expect(downs).toBe(0);
  });

  it('reopens by itself once after a process died (1006), and leaves a second failure to the warning', () => {
    client.start();
    ready().close(1006);
    vi.advanceTimersByTime(1250);
    expect(sockets).toHaveLength(2);
    sockets[1]!.close(1006); // the next process did not answer either
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(SOCKET_LIVENESS_MS);
    expect(downs).toBe(1);
    client.reconnect(); // 重新连接 tries again, and a ready socket earns a later failure its reopen
    ready().close(1006);
    vi.advanceTimersByTime(1250);
    expect(sockets).toHaveLength(4);
  });

  it('does not reopen by itself on a normal close, nor after being stopped', () => {
    client.start();
    ready().close(1000);
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(1);
    client.reconnect();
    ready().close(socketCloseCodes.serviceRestart);
    client.stop();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
  });
});

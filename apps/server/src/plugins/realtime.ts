import { type RealtimeEvent, socketCloseCodes } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { type Bus, type BusMessage, channelFor, localBus, redisBus } from '../realtime/bus.js';
import { handleConnection } from '../realtime/connection.js';
import { startHeartbeat } from '../realtime/heartbeat.js';
import { Hub, type Target } from '../realtime/hub.js';
import { PendingSockets } from '../realtime/pending-sockets.js';
import { releaseUpgrade } from '../realtime/upgrade.js';
import { registerWebsocketScope } from '../realtime/websocket-scope.js';

export type { Target } from '../realtime/hub.js';

/** A change other modules announce (B's `app.events` `resourceChanged` has this shape). */
export interface ResourceChange {
  resource: string;
  agentId: number | null;
  ids: Array<number | string>;
}

export interface Realtime {
  /** Sends a typed event to the matching sockets on every server process. */
  publish(target: Target, event: RealtimeEvent): Promise<void>;
  /** Open lists of the resource refresh: that provider's operators and the platform's. */
  resourceChanged(change: ResourceChange): Promise<void>;
  /** Sockets on this process (tests, diagnostics). */
  localConnections(): number;
  /** Resolves when the bus between processes answers (Redis PING; at once in one process). */
  pingBus(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Resources whose change alters who may see which menus. */
function permissionTarget(change: ResourceChange): Target | null {
  switch (change.resource) {
    case 'saasRole':
    case 'saasMenu':
      return { kind: 'platform' };
    case 'agentMenu':
      return change.agentId === null ? null : { kind: 'providers', agentIds: [change.agentId], adminTypes: null };
    case 'saasAdmin':
    case 'agentStaff':
      return { kind: 'admins', adminIds: change.ids.map(Number) };
    default:
      return null;
  }
}

export interface RealtimeOptions {
  heartbeatMs?: number;
  authTimeoutMs?: number;
}

/**
 * The live channel: `/ws/{storeId}/{randomId}/{userId}` sockets, and the bus that carries events
 * and session revocations to every process (in-process, or Redis pub/sub when REDIS_URL is set).
 */
export async function registerRealtime(app: FastifyInstance, config: Config, opts: RealtimeOptions = {}) {
  const hub = new Hub();
  const pending = new PendingSockets(config.WS_PENDING_PER_ADDRESS);

  const onMessage = (m: BusMessage) => {
    if (m.op === 'revoke') {
      const admins = hub.revoke(m.revocation, socketCloseCodes.sessionEnded);
      if (m.revocation.adminId !== undefined) admins.add(m.revocation.adminId);
      for (const id of admins) app.sessions.forgetAdmin(id);
      return;
    }
    if (m.op === 'forget') {
      if (m.adminIds === null) app.sessions.forgetAll();
      else for (const id of m.adminIds) app.sessions.forgetAdmin(id);
      return;
    }
    hub.deliver(m.target, m.event);
  };
  const onError = (err: unknown) => app.log.error({ err }, 'realtime bus error');
  const bus: Bus = config.REDIS_URL
    ? await redisBus(config.REDIS_URL, channelFor(config.DATABASE_URL), onMessage, onError)
    : localBus(onMessage);
  const publish = (m: BusMessage) => bus.publish(m).catch(onError);

  app.sessions.onRevoke((notice) => {
    void publish({ op: 'revoke', revocation: notice });
  });

  const realtime: Realtime = {
    publish: (target, event) => publish({ op: 'event', target, event }),
    resourceChanged: async (change) => {
      const ids = change.ids.map(String);
      await publish({
        op: 'event',
        target: { kind: 'tenant', agentId: change.agentId },
        event: { type: 'resourceChanged', resource: change.resource, ids },
      });
      const target = permissionTarget(change);
      if (!target) return;
      // Cached sessions hold permission sets; every process drops them before the consoles reload.
      await publish({ op: 'forget', adminIds: target.kind === 'admins' ? target.adminIds : null });
      await publish({ op: 'event', target, event: { type: 'permissionsChanged' } });
    },
    localConnections: () => hub.size,
    pingBus: () => bus.ping(),
  };
  app.decorate('realtime', realtime);
  app.events.on('resourceChanged', (change) => {
    void realtime.resourceChanged(change);
  });

  await registerWebsocketScope(app, '/ws/', (scope) => {
    scope.get<{ Params: { storeId: string; randomId: string; userId: string } }>(
      '/ws/:storeId/:randomId/:userId',
      { websocket: true },
      (socket, req) => {
        const upgrade = releaseUpgrade(socket, req, (err) => app.log.error({ err }, 'realtime: socket error'));
        const settled = pending.admit(req.ip);
        if (!settled) {
          socket.close(socketCloseCodes.rateLimited, 'too many unauthenticated sockets');
          return;
        }
        handleConnection(socket, upgrade, req.params.userId, {
          settled,
          hub,
          resolve: (token) => app.sessions.resolve(token),
          onLookupError: (err) => app.log.error({ err }, 'realtime: session lookup failed'),
          authTimeoutMs: opts.authTimeoutMs,
        });
      },
    );
  });

  const stopHeartbeat = startHeartbeat(app.db, hub, opts.heartbeatMs, (err) =>
    app.log.error({ err }, 'realtime heartbeat failed'),
  );
  app.addHook('onClose', async () => {
    stopHeartbeat();
    await bus.close();
  });
}

import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * In-process domain events (`app.events`). Writers announce what changed; the realtime layer
 * forwards to websockets (and Redis across processes), caches drop stale entries.
 *
 * Events of a write are announced only after its transaction committed: inside a handler call
 * `emitAfterCommit(ctx.req, 'resourceChanged', {...})`; the events fire when the successful
 * response is sent, and never when the write failed or rolled back.
 */
export interface AppEvents {
  /** Rows of a resource were created, updated or deleted. `agentId` null: platform-wide rows. */
  resourceChanged: {
    resource: string;
    agentId: number | null;
    ids: string[];
    action: 'create' | 'update' | 'delete';
  };
}

export type AppEventName = keyof AppEvents;

export class TypedEvents {
  private readonly emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    // Every open list screen's socket fan-out and each cache listen; the default 10 is too low.
    this.emitter.setMaxListeners(100);
  }

  /** Subscribes; returns the unsubscribe function. A throwing listener never breaks the writer. */
  on<K extends AppEventName>(name: K, listener: (payload: AppEvents[K]) => void): () => void {
    const safe = (payload: AppEvents[K]) => {
      try {
        listener(payload);
      } catch (err) {
        this.emitter.emit('listenerError', err);
      }
    };
    this.emitter.on(name, safe);
    return () => {
      this.emitter.off(name, safe);
    };
  }

  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  onListenerError(listener: (err: unknown) => void): void {
    this.emitter.on('listenerError', listener);
  }
}

type Pending = { name: AppEventName; payload: AppEvents[AppEventName] }[];
const pendingKey = Symbol('pendingEvents');
type WithPending = FastifyRequest & { [pendingKey]?: Pending };

/** Queues an event to fire once the request's write has committed and succeeded. */
export function emitAfterCommit<K extends AppEventName>(req: FastifyRequest, name: K, payload: AppEvents[K]): void {
  const r = req as WithPending;
  (r[pendingKey] ??= []).push({ name, payload });
}

export function registerEvents(app: FastifyInstance): void {
  const events = new TypedEvents();
  events.onListenerError((err) => app.log.error({ err }, 'event listener failed'));
  app.decorate('events', events);
  // onSend runs after the handler returned, so the write's transaction has committed by now.
  // A callback hook: nothing here waits, so no promise per response.
  app.addHook('onSend', (req, reply, payload, done) => {
    const pending = (req as WithPending)[pendingKey];
    if (pending && reply.statusCode < 400) {
      for (const e of pending) events.emit(e.name, e.payload);
    }
    done(null, payload);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    events: TypedEvents;
  }
}

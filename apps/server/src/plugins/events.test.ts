import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type AppEvents, TypedEvents, emitAfterCommit, registerEvents } from './events.js';

const change: AppEvents['resourceChanged'] = { resource: 'store', agentId: 3, ids: ['9'], action: 'update' };

describe('app.events', () => {
  it('delivers to subscribers until they unsubscribe; a throwing listener breaks nobody', () => {
    const events = new TypedEvents();
    const seen: string[] = [];
    const errors: unknown[] = [];
    events.onListenerError((err) => errors.push(err));
    events.on('resourceChanged', () => {
      throw new Error('boom');
    });
    const off = events.on('resourceChanged', (e) => seen.push(e.ids[0] ?? ''));
    events.emit('resourceChanged', change);
    off();
    events.emit('resourceChanged', change);
    expect(seen).toEqual(['9']);
    expect(errors).toHaveLength(2);
  });

  it('fires deferred events only when the response succeeds', async () => {
    const app = Fastify();
    registerEvents(app);
    const seen: AppEvents['resourceChanged'][] = [];
    app.events.on('resourceChanged', (e) => seen.push(e));
    app.get('/ok', (req, reply) => {
      emitAfterCommit(req, 'resourceChanged', change);
      return reply.send({ ok: true });
    });
    app.get('/fail', (req, reply) => {
      emitAfterCommit(req, 'resourceChanged', { ...change, ids: ['10'] });
      return reply.status(409).send({ ok: false });
    });
    await app.inject({ url: '/fail' });
    expect(seen).toEqual([]);
    await app.inject({ url: '/ok' });
    expect(seen).toEqual([change]);
    await app.close();
  });
});

import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/types.js';
import type { Operator } from './operator.js';
import { isoAfter, nowIso } from '../lib/clock.js';
import { revokeAccountDevices, revokeDevice } from './devices.js';
import { loadPermissionCodes } from './operator-permissions.js';
import { hashToken, newToken } from './tokens.js';

/** How long a resolved session is trusted from memory before the database is asked again. */
const CACHE_MS = 3_000;
/** lastSeenAt is written at most this often per session (idle expiry needs minutes, not ms). */
const TOUCH_MS = 60_000;

/** A revocation, as the live channel hears of it to close the sockets of ended sessions. */
export interface RevokeNotice {
  /** One session (logout). */
  tokenHash?: string;
  /** One session by id (force logout from 在线会话). */
  sessionId?: number;
  /** Every session of an account, but `exceptSessionId`. */
  adminId?: number;
  exceptSessionId?: number;
  reason: string;
}

interface Cached {
  operator: Operator;
  idleMinutes: number;
  lastSeenMs: number;
  expiresMs: number;
  cachedAt: number;
}

/**
 * Sessions: a random token handed to the console, stored hashed, with idle and absolute expiry.
 * Lookups are cached for a few seconds (the hot path of every request); every revocation on this
 * process clears the cache at once, and other processes hear of it over the realtime bus.
 */
export class SessionStore {
  private readonly cache = new Map<string, Cached>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly revokeListeners: Array<(notice: RevokeNotice) => void> = [];

  /** Called after each revocation on this process (the realtime plugin closes the sockets). */
  onRevoke(listener: (notice: RevokeNotice) => void): void {
    this.revokeListeners.push(listener);
  }

  private notifyRevoke(notice: RevokeNotice): void {
    for (const listener of this.revokeListeners) listener(notice);
  }

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>,
  ) {}

  /** Opens a session for an account that has just proved who it is; returns the bearer token. */
  async create(
    db: Kysely<Database>,
    adminId: number,
    meta: { ip: string; userAgent: string; deviceId?: number },
  ): Promise<string> {
    const token = newToken();
    const now = nowIso();
    await db
      .insertInto('session')
      .values({
        tokenHash: hashToken(token),
        adminId,
        createdAt: now,
        lastSeenAt: now,
        idleMinutes: this.config.SESSION_IDLE_MINUTES,
        expiresAt: isoAfter(this.config.SESSION_ABSOLUTE_HOURS * 3_600_000),
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 300),
        deviceId: meta.deviceId ?? null,
      })
      .execute();
    return token;
  }

  /**
   * What memory alone can say about a token, without a promise (the hot path of every request):
   * the operator of a fresh cache entry, or null for one past its idle or absolute limit (or a
   * malformed token). undefined when the database must be asked or lastSeenAt is due a write:
   * then `resolve` decides. Same answers as `resolve`, which it mirrors.
   */
  fromCache(token: string): Operator | null | undefined {
    if (!token || token.length > 200) return null;
    const hit = this.cache.get(hashToken(token));
    const now = Date.now();
    if (!hit || now - hit.cachedAt >= CACHE_MS) return undefined;
    if (!this.alive(hit, now)) return null;
    return now - hit.lastSeenMs < TOUCH_MS ? hit.operator : undefined;
  }

  /** The operator behind a token, or null when it is unknown, revoked, idle too long or too old. */
  async resolve(token: string): Promise<Operator | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.cachedAt < CACHE_MS) {
      if (!this.alive(hit, now)) return null;
      await this.touch(hit, now);
      return hit.operator;
    }
    const row = await this.db
      .selectFrom('session')
      .innerJoin('admin', 'admin.id', 'session.adminId')
      .where('session.tokenHash', '=', key)
      .where('session.revokedAt', 'is', null)
      .select([
        'session.id as sessionId',
        'session.lastSeenAt',
        'session.idleMinutes',
        'session.expiresAt',
        'admin.id',
        'admin.loginName',
        'admin.name',
        'admin.adminType',
        'admin.agentId',
        'admin.open',
        'admin.changePsw',
      ])
      .executeTakeFirst();
    if (!row || row.open !== 1) {
      this.cache.delete(key);
      return null;
    }
    const permissions = await loadPermissionCodes(this.db, row);
    const entry: Cached = {
      operator: {
        id: row.id,
        sessionId: row.sessionId,
        loginName: row.loginName,
        name: row.name,
        adminType: row.adminType,
        agentId: row.agentId,
        permissions: new Set(permissions),
        mustChangePassword: row.changePsw === 1,
      },
      idleMinutes: row.idleMinutes,
      lastSeenMs: Date.parse(row.lastSeenAt),
      expiresMs: Date.parse(row.expiresAt),
      cachedAt: now,
    };
    if (!this.alive(entry, now)) return null;
    this.cache.set(key, entry);
    this.scheduleSweep();
    await this.touch(entry, now);
    return entry.operator;
  }

  /** Lookups held in memory (tests, diagnostics). */
  get cachedCount(): number {
    return this.cache.size;
  }

  // An entry is trusted for CACHE_MS only; past that it is dead weight (each live-channel socket
  // resolves its token once, so an idle process would keep thousands), and a timer drops it.
  private scheduleSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      const now = Date.now();
      for (const [k, v] of this.cache) if (now - v.cachedAt >= CACHE_MS) this.cache.delete(k);
      if (this.cache.size > 0) this.scheduleSweep();
    }, CACHE_MS);
    this.sweepTimer.unref();
  }

  private alive(e: Cached, now: number): boolean {
    return now < e.expiresMs && now - e.lastSeenMs < e.idleMinutes * 60_000;
  }

  private async touch(e: Cached, now: number): Promise<void> {
    if (now - e.lastSeenMs < TOUCH_MS) return;
    e.lastSeenMs = now;
    await this.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where('id', '=', e.operator.sessionId)
      .execute();
  }

  /** Ends one session (logout). */
  async revokeToken(db: Kysely<Database>, token: string, reason: string): Promise<void> {
    await db
      .updateTable('session')
      .set({ revokedAt: nowIso(), revokeReason: reason })
      .where('tokenHash', '=', hashToken(token))
      .where('revokedAt', 'is', null)
      .execute();
    this.cache.delete(hashToken(token));
    this.notifyRevoke({ tokenHash: hashToken(token), reason });
  }

  /**
   * Ends one session by id (force logout); returns its account, or null when it was not live.
   * Its sockets close at once on every process, and the browser it came from is no longer
   * remembered (记住密码) nor known to the account.
   */
  async revokeSession(db: Kysely<Database>, sessionId: number, reason: string): Promise<number | null> {
    const row = await db
      .updateTable('session')
      .set({ revokedAt: nowIso(), revokeReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .returning(['adminId', 'deviceId'])
      .executeTakeFirst();
    if (!row) return null;
    if (row.deviceId !== null) await revokeDevice(db, row.deviceId);
    // The account's cached lookups go; its other sessions re-read as live, this one as revoked.
    this.forgetAdmin(row.adminId);
    this.notifyRevoke({ sessionId, reason });
    return row.adminId;
  }

  /**
   * A browser signed in again: its earlier sessions of the account end. The browser keeps one
   * token for all its tabs (the SaaS-Token cookie), so the earlier tokens are held by nobody and
   * would only stand as duplicates in 在线会话 until they expired.
   */
  async replaceDeviceSessions(
    db: Kysely<Database>,
    adminId: number,
    deviceId: number,
    keepToken: string,
  ): Promise<void> {
    const rows = await db
      .updateTable('session')
      .set({ revokedAt: nowIso(), revokeReason: '同一浏览器重新登录' })
      .where('deviceId', '=', deviceId)
      .where('adminId', '=', adminId)
      .where('revokedAt', 'is', null)
      .where('tokenHash', '!=', hashToken(keepToken))
      .returning('id')
      .execute();
    if (rows.length === 0) return;
    this.forgetAdmin(adminId);
    for (const row of rows) this.notifyRevoke({ sessionId: row.id, reason: '同一浏览器重新登录' });
  }

  /**
   * Ends every session of an account (password change or reset, disable, provider frozen) and
   * revokes its browsers' device credentials, 记住密码 included.
   */
  async revokeAdmin(
    db: Kysely<Database>,
    adminId: number,
    reason: string,
    exceptSessionId?: number,
  ): Promise<number[]> {
    let q = db
      .updateTable('session')
      .set({ revokedAt: nowIso(), revokeReason: reason })
      .where('adminId', '=', adminId)
      .where('revokedAt', 'is', null);
    if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
    const rows = await q.returning('id').execute();
    await revokeAccountDevices(db, adminId);
    this.forgetAdmin(adminId);
    this.notifyRevoke({ adminId, exceptSessionId, reason });
    return rows.map((r) => r.id);
  }

  /** Drops cached sessions of one account, e.g. after its roles changed. */
  forgetAdmin(adminId: number): void {
    for (const [k, v] of this.cache) if (v.operator.id === adminId) this.cache.delete(k);
  }

  /** Drops every cached session, e.g. after a role's or a provider's menus changed. */
  forgetAll(): void {
    this.cache.clear();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
  }
}

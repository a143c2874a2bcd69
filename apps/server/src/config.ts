import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** An http(s) origin, optionally with a path prefix; no credentials, query or fragment. */
const publicUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://console.example.com' })
  .refine((v) => {
    // Refinements run after a failed check too; the check has already said what is wrong then.
    if (!URL.canParse(v)) return true;
    const u = new URL(v);
    return !u.username && !u.password && !u.search && !u.hash;
  }, 'must be an http(s) URL without user, query or fragment')
  .transform((v) => v.replace(/\/+$/, ''));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/console.sqlite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  /** Failed passwords of one (account, address or known browser) pair before it must solve a captcha. */
  AUTH_CAPTCHA_AFTER: z.coerce.number().int().min(0).max(100).default(1),
  /** Failed passwords of an account an hour, from everywhere, before every unknown browser must solve a captcha. */
  AUTH_ACCOUNT_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Failed passwords of one pair before it is locked (1, 2, 4 … minutes); never the account everywhere. */
  AUTH_LOCK_AFTER: z.coerce.number().int().min(1).max(100).default(5),
  /** The longest wait of a locked pair. */
  AUTH_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A session unused this long is over. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** A session is over this long after sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24)
    .default(24),
  /** Lifetime of the device credential (a browser known to an account; 记住密码 when ticked). */
  REMEMBER_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Sign-in attempts per address per minute before 429. */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Websockets one address may hold open before they authenticate; more are closed at once (4029). */
  WS_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * On SIGTERM, how long readiness fails while the process still serves, so that the load
   * balancer's health check sees it and stops sending requests before the server stops listening.
   * Default 5000 on PostgreSQL; 0 on SQLite, one process with no load balancer to tell.
   */
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SEED_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  /** Outside systems: each client is chosen by name; only the simulators ship (adapters/). */
  DEVICE_ADAPTER: z.enum(['simulator']).default('simulator'),
  /**
   * A broker (mqtt://user:pass@host:1883, mqtts:// for TLS): devices are then talked to over MQTT
   * instead of the simulator. The user is the broker's dynamic-security admin (deploy/mosquitto/):
   * the server creates one client per device through it.
   */
  DEVICE_MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\/.+/, '应为 mqtt://user:pass@host:port')
    .optional(),
  /** PEM file of the CA that signed the broker's certificate, for an mqtts:// DEVICE_MQTT_URL. */
  DEVICE_MQTT_CA_FILE: z.string().min(1).optional(),
  /** The broker's address as devices reach it (shown with a device's key); default DEVICE_MQTT_URL without credentials. */
  DEVICE_MQTT_PUBLIC_URL: z
    .string()
    .regex(/^mqtts?:\/\/[^@]+$/, '应为 mqtt://host:port（不含用户名和密码）')
    .optional(),
  /**
   * Lets the server run against a broker that accepts anonymous clients, where any client can pose
   * as any device (the old demo set-up only). Without it the server refuses to start there.
   */
  DEVICE_MQTT_ALLOW_ANONYMOUS: flag,
  /**
   * The in-process simulator follows lines appended to this file (`offline <serial>`,
   * `online <serial>`), as unplugging a device would: the end-to-end tests use it.
   */
  DEVICE_SIMULATOR_CONTROL_FILE: z.string().optional(),
  PAYMENTS_ADAPTER: z.enum(['simulator']).default('simulator'),
  /**
   * How long the payments simulator takes to hand over one day's statement, ms (unset: 200–600).
   * A slow provider, for watching a billing sync's progress or killing the process that runs one.
   */
  PAYMENTS_SIMULATOR_STATEMENT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SMS_ADAPTER: z.enum(['simulator']).default('simulator'),
  WECHAT_ADAPTER: z.enum(['simulator']).default('simulator'),
  /** Where uploaded files are kept (STORAGE_ADAPTER=local). */
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /** Where export tasks' files are written (导出中心); unset: `.exports` inside UPLOAD_DIR. */
  EXPORT_DIR: z.string().min(1).optional(),
  STORAGE_ADAPTER: z.enum(['local']).default('local'),
  /**
   * The console's address as devices, browsers and other machines reach it (e.g.
   * https://console.example.com). Every absolute URL the server stores or answers (an app
   * package's download address, an uploaded file's) is built from it, never from a request's
   * Host or X-Forwarded-Host, which whoever sends the request chooses. Unset: http://localhost:PORT.
   */
  PUBLIC_URL: publicUrl.optional(),
  /** The old name of PUBLIC_URL, still read when PUBLIC_URL is unset. */
  PUBLIC_BASE_URL: publicUrl.optional(),
  /**
   * The key that signs short-lived links to private files. Unset: one is generated on first start
   * and kept in the database, so every API process over it signs and checks alike.
   */
  FILE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The bearer secret of GET /api/metrics (Prometheus). Unset: the endpoint answers 404, as an
   * unknown route would, so an unconfigured server tells nobody it has one.
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** This process's name in the metrics' `process` label; unset: host:pid. */
  INSTANCE_ID: z.string().min(1).max(100).optional(),
  /**
   * Where background jobs run (plugins/jobs): `pgboss` (the default on PostgreSQL) coordinates
   * every process over the database; `local` runs them in this process (the default on SQLite).
   */
  JOBS_ENGINE: z.enum(['local', 'pgboss']).optional(),
  /** How long a queued job may run before it counts as lost with its process and runs elsewhere. */
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** How often devices unheard for a while are looked for and marked offline (one run per tick, cluster-wide). */
  PRESENCE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  /**
   * How often an idle pg-boss worker asks for queued jobs. A job enqueued by this process wakes
   * its worker at once; the poll finds the rest: jobs other processes enqueued, retries and jobs
   * lost with a process. 10 s rather than 2 s: each poll is a query per queue in every idle
   * process (docs/performance.md, cluster). Schedules poll on their own cadence (a quarter of
   * their tick).
   */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(10),
  /** Built console to serve at `/`; absent folder means API only. */
  WEB_DIST: z.string().optional(),
  /** External help site opened by the navbar's 帮助中心 link. */
  HELP_CENTER_URL: z.string().url().default('https://help.example.com/console'),
});

export type Config = Omit<z.infer<typeof schema>, 'DRAIN_GRACE_MS'> & {
  DRAIN_GRACE_MS: number;
  seedDemo: boolean;
  databaseKind: 'sqlite' | 'postgres';
  /** PUBLIC_URL (or its old name), else http://localhost:PORT; no trailing slash. */
  publicUrl: string;
};

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const databaseKind = c.DATABASE_URL.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  // Demo data is on for the embedded default and opt-in on PostgreSQL.
  const seedDemo = c.SEED_DEMO ?? databaseKind === 'sqlite';
  const publicUrl = c.PUBLIC_URL ?? c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`;
  const DRAIN_GRACE_MS = c.DRAIN_GRACE_MS ?? (databaseKind === 'sqlite' ? 0 : 5000);
  return { ...c, DRAIN_GRACE_MS, seedDemo, databaseKind, publicUrl };
}

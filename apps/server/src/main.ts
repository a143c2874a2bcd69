import { fileURLToPath } from 'node:url';
import { probeAnonymousAccess } from './adapters/devices/anonymous-probe.js';
import { drainApp, drainOnSignals } from './app-drain.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { introduceProvidersToPaymentsSimulator } from './modules/system-config/statement-providers.js';
import { DEMO_LOGIN_NAMES, DEMO_PASSWORD, type SignInNote, prepareDatabase } from './scripts/seed/index.js';

/**
 * The built console beside this file's folder: src/main.ts under tsx and dist/main.js (the
 * bundle `npm start` runs) are both one level under apps/server, so this holds for either, where
 * a path relative to a module inside src/ would not survive bundling.
 */
const webDistBesideServer = fileURLToPath(new URL('../../web/dist', import.meta.url));

function signInLines(signIns: SignInNote[], demo: boolean): string[] {
  if (signIns.length === 0) {
    // An existing database: the demo accounts are likely still there, unless someone changed them.
    return demo ? [`  演示账号：${DEMO_LOGIN_NAMES.join('、')}，密码 ${DEMO_PASSWORD}（如未修改）`] : [];
  }
  const generated = !demo;
  const width = Math.max(...signIns.map((s) => s.loginName.length));
  return [
    generated ? '  首次启动已创建管理员账号：' : '  演示账号（密码均为 ' + (signIns[0]?.password ?? '') + '）：',
    ...signIns.map((s) =>
      generated
        ? `    登录名 ${s.loginName}  密码 ${s.password}  ${s.description}`
        : `    ${s.loginName.padEnd(width)}  ${s.description}`,
    ),
  ];
}

// config → database → migrate → catalogue and first accounts → listen → graceful drain.
async function main(): Promise<void> {
  const config = loadConfig();
  config.WEB_DIST ??= webDistBesideServer;
  // Before anything else: a device channel anyone can join is not started at all.
  const probe = await probeAnonymousAccess(config);
  if (probe === 'unreachable') console.warn('设备通道：暂时连不上 DEVICE_MQTT_URL 的 MQTT 代理，将持续重连');
  if (probe === 'allowed-by-config')
    console.warn(
      '设备通道：DEVICE_MQTT_ALLOW_ANONYMOUS=1，代理若接受匿名连接，任何客户端都能冒充设备（仅限旧演示环境）',
    );
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const { signIns } = await prepareDatabase(database.db, config);
  const app = await buildApp({ config, database });
  await introduceProvidersToPaymentsSimulator(app);

  drainOnSignals(
    async (signal) => {
      app.log.info({ signal }, 'shutting down');
      // Ctrl-C in a terminal has no load balancer to wait for; an orchestrator's SIGTERM has.
      await drainApp(app, signal === 'SIGINT' ? 0 : config.DRAIN_GRACE_MS);
      await database.close();
    },
    (code) => process.exit(code),
  );

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost');
  const lines = ['', `  运营后台已启动: ${url}`, ...signInLines(signIns, config.seedDemo), ''];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

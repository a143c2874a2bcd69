import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startLocalBroker } from '../device-broker/local-broker.js';
import { startLocalCluster } from './local-cluster.js';

/**
 * `npm run cluster -- --processes 3 [--port 8088] [--no-build]`: builds once, then runs N API
 * processes on PostgreSQL + Redis + a secured Mosquitto behind HAProxy (deploy/haproxy/), and prints
 * the one URL to open. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/console_cluster,
 * created with demo data when missing), REDIS_URL (default redis://127.0.0.1:6379) and
 * DEVICE_MQTT_URL (default: a local broker started here) name the services. Ctrl+C stops it all.
 */
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: '8088' },
    'base-port': { type: 'string', default: '18100' },
    dir: { type: 'string', default: './data/cluster' },
    'no-build': { type: 'boolean', default: false },
  },
});

if (!values['no-build'])
  execFileSync('npm', ['run', 'build'], { cwd: new URL('../../../..', import.meta.url), stdio: 'inherit' });
const broker = process.env.DEVICE_MQTT_URL ? null : await startLocalBroker({ port: 0, dir: `${values.dir}/broker` });
const cluster = await startLocalCluster({
  processes: Number(values.processes),
  port: Number(values.port),
  basePort: Number(values['base-port']),
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/console_cluster',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  deviceMqttUrl: process.env.DEVICE_MQTT_URL ?? broker?.url,
  dir: values.dir,
  log: (line) => console.log(line),
});
console.log(['', `  运营后台集群已启动（${values.processes} 个 API 进程，HAProxy）：${cluster.url}`, ''].join('\n'));
const stop = () =>
  void cluster
    .stop()
    .then(() => broker?.stop())
    .then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

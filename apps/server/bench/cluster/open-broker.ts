import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/lib/free-port.js';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/**
 * A Mosquitto of the bench's own that admits anonymous clients, on a free loopback port: 10 000
 * load-only devices without keys (issuing 10 000 keys through the dynamic-security plugin is a
 * provisioning cost, not the heartbeat cost measured here). The servers run with
 * DEVICE_MQTT_ALLOW_ANONYMOUS=1 against it; nothing else on the machine shares its subscriptions.
 */
export async function startOpenBroker(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-broker-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', `user ${userInfo().username}`, ''].join(
      '\n',
    ),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await accepts(port)); i += 1) await new Promise((r) => setTimeout(r, 50));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { newToken } from '../credentials/tokens.js';
import { freePort } from '../lib/free-port.js';

/** The broker configuration we ship; a local broker is this file with its port and paths substituted. */
export const shippedConfig = fileURLToPath(new URL('../../../../deploy/mosquitto/mosquitto.conf', import.meta.url));

/** Where Debian and other systems install the dynamic-security plugin. */
const pluginCandidates = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];

export function findDynsecPlugin(): string {
  const found = [process.env.MOSQUITTO_DYNSEC_PLUGIN, ...pluginCandidates].find((p) => p && existsSync(p));
  if (!found)
    throw new Error(
      '找不到 mosquitto_dynamic_security.so：请安装 Debian 的 mosquitto 2.0，或设置 MOSQUITTO_DYNSEC_PLUGIN',
    );
  return found;
}

export interface LocalBroker {
  port: number;
  /** The cloud's URL with its credentials: DEVICE_MQTT_URL. */
  url: string;
  /** The same without credentials: what devices are given. */
  deviceUrl: string;
  cloud: { username: string; password: string };
  stop(): Promise<void>;
}

export interface LocalBrokerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Keeps the plugin's file and the cloud's credentials; reused on the next start. */
  dir: string;
  /** Retained messages on disk (off for tests). */
  persistence?: boolean;
  /** Serve MQTT over TLS with this certificate (PEM files): the URLs become mqtts://. */
  tls?: { certfile: string; keyfile: string };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The shipped file with this broker's listener, plugin path, plugin file and persistence. */
export function localConfig(
  shipped: string,
  o: { port: number; plugin: string; dir: string; persistence: boolean; tls?: LocalBrokerOptions['tls'] },
) {
  const tls = o.tls ? `\ncertfile ${o.tls.certfile}\nkeyfile ${o.tls.keyfile}` : '';
  const replaced: Record<string, string> = {
    listener: `listener ${o.port} 127.0.0.1${tls}`,
    plugin: `plugin ${o.plugin}`,
    plugin_opt_config_file: `plugin_opt_config_file ${path.join(o.dir, 'dynamic-security.json')}`,
    persistence: `persistence ${o.persistence}`,
    persistence_location: `persistence_location ${o.dir}/`,
  };
  const lines = shipped.split('\n').map((line) => {
    const key = line.split(/\s+/)[0] ?? '';
    return key in replaced ? replaced[key]! : line;
  });
  // Run as root, Mosquitto would switch to the `mosquitto` user, who cannot write our folder.
  return [...lines, `user ${userInfo().username}`, `log_dest file ${path.join(o.dir, 'mosquitto.log')}`, ''].join('\n');
}

/**
 * A Mosquitto of our own with the shipped configuration: anonymous clients refused, the
 * dynamic-security plugin initialised with the cloud as its admin on first start. For `npm run
 * broker` and the tests; production runs Mosquitto as its own service (deploy/mosquitto/README.md).
 */
export async function startLocalBroker(options: LocalBrokerOptions): Promise<LocalBroker> {
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const credentialsFile = path.join(dir, 'cloud.json');
  const pluginFile = path.join(dir, 'dynamic-security.json');
  let cloud: { username: string; password: string };
  if (existsSync(pluginFile) && existsSync(credentialsFile)) {
    cloud = JSON.parse(readFileSync(credentialsFile, 'utf8')) as typeof cloud;
  } else {
    cloud = { username: 'console-cloud', password: newToken() };
    await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', pluginFile, cloud.username, cloud.password]);
    writeFileSync(credentialsFile, JSON.stringify(cloud), { mode: 0o600 });
  }
  const port = options.port || (await freePort());
  const configFile = path.join(dir, 'mosquitto.conf');
  const conf = localConfig(readFileSync(shippedConfig, 'utf8'), {
    port,
    plugin: findDynsecPlugin(),
    dir,
    persistence: options.persistence ?? true,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  writeFileSync(configFile, conf);
  const child: ChildProcess = spawn('mosquitto', ['-c', configFile], { stdio: 'ignore' });
  const state: { exited: number | null } = { exited: null };
  child.once('exit', (code) => {
    state.exited = code ?? -1;
  });
  for (let i = 0; i < 100 && !(await accepts(port)); i += 1) {
    if (state.exited !== null)
      throw new Error(`mosquitto 未能启动（退出码 ${state.exited}），日志：${path.join(dir, 'mosquitto.log')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const scheme = options.tls ? 'mqtts' : 'mqtt';
  const deviceUrl = `${scheme}://127.0.0.1:${port}`;
  const auth = `${encodeURIComponent(cloud.username)}:${encodeURIComponent(cloud.password)}`;
  return {
    port,
    url: `${scheme}://${auth}@127.0.0.1:${port}`,
    deviceUrl,
    cloud,
    stop: () =>
      new Promise<void>((resolve) => {
        if (state.exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

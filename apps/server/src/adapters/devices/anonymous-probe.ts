import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'mqtt';
import { withoutCredentials } from './mqtt-link.js';

export interface BrokerProbeConfig {
  DEVICE_MQTT_URL?: string;
  DEVICE_MQTT_CA_FILE?: string;
  DEVICE_MQTT_ALLOW_ANONYMOUS?: boolean;
}

export type ProbeOutcome = 'refused' | 'allowed-by-config' | 'unreachable' | 'no-broker';

const HOW =
  '请按 deploy/mosquitto/README.md 配置代理（allow_anonymous false 与 dynamic-security 插件）并在 DEVICE_MQTT_URL 中写上云端账号，' +
  '或仅在旧演示环境中设置 DEVICE_MQTT_ALLOW_ANONYMOUS=1';

/**
 * Refuses a device channel anyone can join: before the server starts it tries one anonymous
 * connection to DEVICE_MQTT_URL's broker, and throws if the broker takes it (any client could
 * then pose as any gateway, read its commands and open lockers). A broker it cannot reach is
 * reported, not fatal: the cloud's link keeps reconnecting, and the broker's own configuration
 * is what holds the door once it is up.
 */
export async function probeAnonymousAccess(config: BrokerProbeConfig, timeoutMs = 5_000): Promise<ProbeOutcome> {
  const url = config.DEVICE_MQTT_URL;
  if (!url) return 'no-broker';
  if (config.DEVICE_MQTT_ALLOW_ANONYMOUS) return 'allowed-by-config';
  if (!new URL(url).username) throw new Error(`DEVICE_MQTT_URL 未包含云端账号（mqtt://user:pass@host:port）。${HOW}`);
  const outcome = await new Promise<'accepted' | 'refused' | 'unreachable'>((resolve) => {
    const client = connect(withoutCredentials(url), {
      clientId: `console-probe-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      ...(config.DEVICE_MQTT_CA_FILE ? { ca: readFileSync(config.DEVICE_MQTT_CA_FILE) } : {}),
    });
    const done = (o: 'accepted' | 'refused' | 'unreachable') => {
      clearTimeout(timer);
      client.end(true);
      resolve(o);
    };
    const timer = setTimeout(() => done('unreachable'), timeoutMs + 500);
    client.once('connect', () => done('accepted'));
    // CONNACK 4/5 (MQTT 3.1.1) or 134/135 (MQTT 5): bad credentials or not authorised.
    client.once('error', (err: Error & { code?: unknown }) =>
      done([4, 5, 134, 135].includes(Number(err.code)) ? 'refused' : 'unreachable'),
    );
    client.once('close', () => done('unreachable'));
  });
  if (outcome === 'accepted')
    throw new Error(`DEVICE_MQTT_URL 指向的 MQTT 代理接受匿名连接：任何客户端都能冒充设备、读取指令。${HOW}`);
  return outcome;
}

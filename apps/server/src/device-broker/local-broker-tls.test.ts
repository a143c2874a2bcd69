import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAnonymousAccess } from '../adapters/devices/anonymous-probe.js';
import { MqttDeviceAdapter } from '../adapters/devices/index.js';
import { canRunBroker, installed } from '../../test/secured-broker.js';
import { type LocalBroker, startLocalBroker } from './local-broker.js';

const runnable = (canRunBroker && installed('openssl', ['version'])) || Boolean(process.env.CI);

/** A CA and a certificate for 127.0.0.1 signed by it, made here: nothing is shipped or fetched. */
function makeCertificates(dir: string) {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const newKey = ['-newkey', 'rsa:2048', '-nodes', '-days', '1'];
  openssl('req', '-x509', ...newKey, '-subj', '/CN=console test CA', '-keyout', file('ca.key'), '-out', file('ca.pem'));
  writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'req',
    ...newKey.slice(0, 3),
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  openssl(
    ...['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
    ...['-CAcreateserial', '-days', '1', '-extfile', file('san.cnf'), '-out', file('server.pem')],
  );
  return { ca: file('ca.pem'), certfile: file('server.pem'), keyfile: file('server.key') };
}

describe.skipIf(!runnable)('the device channel over TLS (mqtts:// with DEVICE_MQTT_CA_FILE)', () => {
  let dir: string;
  let broker: LocalBroker;
  let ca: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-broker-tls-'));
    const certs = makeCertificates(dir);
    ca = certs.ca;
    broker = await startLocalBroker({ port: 0, dir, persistence: false, tls: certs });
  });
  afterAll(async () => {
    await broker.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the cloud signs in over TLS trusting only the given CA, and anonymous clients are still refused', async () => {
    expect(broker.url).toMatch(/^mqtts:\/\//);
    await expect(probeAnonymousAccess({ DEVICE_MQTT_URL: broker.url, DEVICE_MQTT_CA_FILE: ca })).resolves.toBe(
      'refused',
    );
    const adapter = new MqttDeviceAdapter(broker.url, { caFile: ca });
    try {
      await adapter.access!.ready;
      expect(adapter.access!.deviceUrl).toBe(broker.deviceUrl);
    } finally {
      await adapter.close();
    }
  });
});

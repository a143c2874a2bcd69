import { z } from 'zod';
import { idParam, isoTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * 设备密钥: the secret a gateway or android terminal signs in to the MQTT broker with. The broker
 * (Mosquitto's dynamic security plugin) holds one client per device whose role may publish only
 * its own uplink topics and subscribe only to its own `cmd` and `notice`; the server keeps only a
 * hash. A reset issues a new secret, shown once: the old one stops working at once.
 */
export const deviceCredential = z.object({
  /** MQTT username: the device's serial. */
  username: z.string(),
  password: z.string(),
  /** The broker's address as devices reach it (DEVICE_MQTT_PUBLIC_URL, else the cloud's URL without its credentials). */
  url: z.string(),
  /** The only client id the broker accepts for this username. */
  clientId: z.string(),
  issuedAt: isoTime,
});
export type DeviceCredential = z.infer<typeof deviceCredential>;

const gatewaySerial = z.object({ deviceName: z.string().trim().min(1, '请输入设备号').max(60) });
const summary = '重置设备密钥';

export const deviceCredentialEndpoints = {
  /**
   * A gateway's key (the platform's and a provider's own gateways: scope decides), or the key of a
   * serial shipped on a hardware order of the caller's, gateway or terminal, before it first connects.
   */
  gateway: defineEndpoint({
    method: 'POST',
    path: '/device/resetCredential',
    access: { permission: 'gatewayDevice.credential' },
    audience: 'any',
    summary,
    module: '网关设备',
    write: true,
    query: gatewaySerial,
    response: deviceCredential,
  }),
  android: defineEndpoint({
    method: 'POST',
    path: '/saasicAndroidController/resetCredential',
    access: { permission: 'android.credential' },
    audience: 'platform',
    summary,
    module: '安卓设备',
    write: true,
    query: idParam,
    response: deviceCredential,
  }),
  agentAndroid: defineEndpoint({
    method: 'POST',
    path: '/aic/androidManage/resetCredential',
    access: { permission: 'agentAndroid.credential' },
    audience: 'agent',
    summary,
    module: '安卓设备',
    write: true,
    query: idParam,
    response: deviceCredential,
  }),
} as const;

/** The client id a device must connect with: fixed per device, so no device can take over another's session. */
export const deviceClientId = (kind: 'gateway' | 'android', serial: string): string => `device-${kind}-${serial}`;

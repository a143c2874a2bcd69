import { type DeviceChannel, type DeviceCredential, type DeviceKind, deviceTopic } from '@console/contract';

// What the broker's role for a device allows (issue 26): its own uplink to publish, its own downlink to read.
const publishes: readonly DeviceChannel[] = ['status', 'heartbeat', 'reply'];
const subscribes: readonly DeviceChannel[] = ['cmd', 'notice'];

/**
 * The MQTT settings a device is configured with after a key reset, as one JSON block the installer
 * pastes into the device. The broker's username is the device's serial, so the topics are built
 * from it: they are exactly the ones the broker lets this username use.
 */
export function deviceMqttConfig(kind: DeviceKind, credential: DeviceCredential): string {
  const serial = credential.username;
  const config = {
    url: credential.url,
    username: credential.username,
    password: credential.password,
    clientId: credential.clientId,
    publish: publishes.map((channel) => deviceTopic(kind, serial, channel)),
    subscribe: subscribes.map((channel) => deviceTopic(kind, serial, channel)),
  };
  return JSON.stringify(config, null, 2);
}

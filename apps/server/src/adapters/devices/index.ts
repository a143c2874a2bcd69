import { MqttDeviceAdapter } from './mqtt.js';
import { followControlFile } from './simulator-control.js';
import { DeviceSimulator, type SimulatorOptions } from './simulator.js';
import type { DeviceAdapter } from './types.js';

export * from './types.js';
export { DeviceSimulator, type SimulatorOptions } from './simulator.js';
export { MqttDeviceAdapter } from './mqtt.js';

export interface DeviceAdapterConfig {
  DEVICE_ADAPTER: string;
  DEVICE_MQTT_URL?: string;
  DEVICE_MQTT_CA_FILE?: string;
  DEVICE_MQTT_PUBLIC_URL?: string;
  DEVICE_SIMULATOR_CONTROL_FILE?: string;
}

/**
 * The device gateway named by configuration: MQTT when DEVICE_MQTT_URL names a broker, else the
 * in-process simulator (so `npm start` needs nothing else). Nothing else in the server changes.
 */
export function createDeviceAdapter(
  config: DeviceAdapterConfig,
  onError: (err: unknown) => void = () => undefined,
  simulator: SimulatorOptions = {},
): DeviceAdapter {
  if (config.DEVICE_MQTT_URL)
    return new MqttDeviceAdapter(config.DEVICE_MQTT_URL, {
      onError,
      ...(config.DEVICE_MQTT_CA_FILE ? { caFile: config.DEVICE_MQTT_CA_FILE } : {}),
      ...(config.DEVICE_MQTT_PUBLIC_URL ? { deviceUrl: config.DEVICE_MQTT_PUBLIC_URL } : {}),
    });
  switch (config.DEVICE_ADAPTER) {
    case 'simulator': {
      const sim = new DeviceSimulator(simulator);
      if (config.DEVICE_SIMULATOR_CONTROL_FILE) followControlFile(sim, config.DEVICE_SIMULATOR_CONTROL_FILE, onError);
      return sim;
    }
    default:
      throw new Error(`Unknown device adapter "${config.DEVICE_ADAPTER}" (known: simulator)`);
  }
}

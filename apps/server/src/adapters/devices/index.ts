import { DeviceSimulator, type SimulatorOptions } from './simulator.js';
import type { DeviceAdapter } from './types.js';

export * from './types.js';
export { DeviceSimulator, type SimulatorOptions } from './simulator.js';

/**
 * The device gateway named by configuration. Only the simulator ships today; a real gateway
 * client is added here under its own name, and nothing else in the server changes.
 */
export function createDeviceAdapter(name: string, simulator: SimulatorOptions = {}): DeviceAdapter {
  switch (name) {
    case 'simulator':
      return new DeviceSimulator(simulator);
    default:
      throw new Error(`Unknown device adapter "${name}" (known: simulator)`);
  }
}

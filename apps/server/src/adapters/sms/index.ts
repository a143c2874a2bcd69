import { SmsSimulator, type SmsSimulatorOptions } from './simulator.js';
import type { SmsAdapter } from './types.js';

export * from './types.js';
export { SmsSimulator, type SmsSimulatorOptions } from './simulator.js';

/** The SMS gateway client named by configuration; only the simulator ships. */
export function createSmsAdapter(name: string, simulator: SmsSimulatorOptions = {}): SmsAdapter {
  switch (name) {
    case 'simulator':
      return new SmsSimulator(simulator);
    default:
      throw new Error(`Unknown SMS adapter "${name}" (known: simulator)`);
  }
}

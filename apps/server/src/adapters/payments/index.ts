import { PaymentsSimulator, type PaymentsSimulatorOptions } from './simulator.js';
import type { PaymentsAdapter } from './types.js';

export * from './types.js';
export { PaymentsSimulator, type PaymentsSimulatorOptions } from './simulator.js';
export { isValidLicenseNo, makeLicenseNo } from './license-no.js';

/** The payment providers' client named by configuration; only the simulator ships. */
export function createPaymentsAdapter(name: string, simulator: PaymentsSimulatorOptions = {}): PaymentsAdapter {
  switch (name) {
    case 'simulator':
      return new PaymentsSimulator(simulator);
    default:
      throw new Error(`Unknown payments adapter "${name}" (known: simulator)`);
  }
}

import { WechatSimulator, type WechatSimulatorOptions } from './simulator.js';
import type { WechatAdapter } from './types.js';

export * from './types.js';
export { WechatSimulator, type WechatSimulatorOptions } from './simulator.js';

/** The WeChat client named by configuration; only the simulator ships. */
export function createWechatAdapter(name: string, simulator: WechatSimulatorOptions = {}): WechatAdapter {
  switch (name) {
    case 'simulator':
      return new WechatSimulator(simulator);
    default:
      throw new Error(`Unknown WeChat adapter "${name}" (known: simulator)`);
  }
}

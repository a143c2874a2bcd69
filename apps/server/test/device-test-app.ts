import { DeviceSimulator } from '../src/adapters/devices/index.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A test app whose devices are simulated and well behaved: every call answers at once, none
 * times out, drifts or fails a push, so a test sees exactly the outcome it arranges (it may
 * still take a device off line with `sim.setOnline`). Seeded, so device facts repeat.
 */
export async function createDeviceTestApp(): Promise<{ t: TestApp; sim: DeviceSimulator }> {
  const t = await createTestApp();
  const sim = new DeviceSimulator({
    seed: 5,
    sleep: () => Promise.resolve(),
    timeoutRate: 0,
    driftRate: 0,
    pushFailRate: 0,
  });
  t.app.devices.setAdapter(sim);
  return { t, sim };
}

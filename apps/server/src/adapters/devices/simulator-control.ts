import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { DeviceSimulator } from './simulator.js';

const line = /^(online|offline|silent)\s+(gateway|android)\s+(\S+)$/;

/**
 * Lets a test unplug a simulated device from outside the server process: lines appended to
 * `file` (`offline gateway GW0001`, `online gateway GW0001`, `silent gateway GW0001` for a power
 * cut without last will) are applied as they arrive. Only
 * read when DEVICE_SIMULATOR_CONTROL_FILE is set (the e2e server); a real device needs no such
 * thing, so there is no HTTP route for it.
 */
export function followControlFile(sim: DeviceSimulator, file: string, onError: (err: unknown) => void): () => void {
  let offset = 0;
  let rest = '';
  const poll = () => {
    try {
      const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
      if (size <= offset) return;
      const fd = openSync(file, 'r');
      const buf = Buffer.alloc(size - offset);
      readSync(fd, buf, 0, buf.length, offset);
      closeSync(fd);
      offset = size;
      const lines = (rest + buf.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const text of lines) {
        const m = line.exec(text.trim());
        if (!m) continue;
        const device = { serial: m[3]!, kind: m[2] as 'gateway' | 'android' };
        if (m[1] === 'silent') sim.cutPower(device);
        else sim.setOnline(device, m[1] === 'online');
      }
    } catch (err) {
      onError(err);
    }
  };
  const timer = setInterval(poll, 200);
  timer.unref();
  return () => clearInterval(timer);
}

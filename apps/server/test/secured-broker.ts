import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalBroker, type LocalBrokerOptions, startLocalBroker } from '../src/device-broker/local-broker.js';

/** Whether a command is installed: it ran, or it exited with its usage (`mosquitto -h` exits 3). */
export function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch (err) {
    return (err as { status?: number }).status === 3;
  }
}

/**
 * Tests over a real Mosquitto run wherever it is installed, and always in CI (which installs it):
 * there a missing broker fails the run instead of skipping it.
 */
export const canRunBroker = installed('mosquitto', ['-h']) || Boolean(process.env.CI);

/** A Mosquitto of the test file's own with the shipped configuration, in a temp folder gone with it. */
export async function startTestBroker(
  options: Omit<LocalBrokerOptions, 'dir' | 'port'> & { dir?: string } = {},
): Promise<LocalBroker & { dir: string }> {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'console-broker-'));
  const broker = await startLocalBroker({ persistence: false, ...options, port: 0, dir });
  return {
    ...broker,
    dir,
    stop: async () => {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

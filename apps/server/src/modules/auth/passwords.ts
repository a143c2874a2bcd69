import { AppError } from '../../lib/app-error.js';
import { passwordGate } from './hash-gate.js';
import { hashWorkers } from './hash-workers.js';

// argon2id with the library's defaults (19 MiB, 2 passes), on low-priority worker threads
// (./hash-workers.ts) behind a gate that bounds how many run and wait (./hash-gate.ts), so a
// burst of sign-ins neither stalls the event loop nor queues without end.

export function hashPassword(plain: string): Promise<string> {
  return passwordGate.run(() => hashWorkers.hash(plain));
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without an account the check still runs against a
 * throwaway hash, so an unknown login name costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  dummy ??= hashWorkers.hash('unknown-account-placeholder');
  const target = storedHash ?? (await dummy);
  try {
    const ok = await passwordGate.run(() => hashWorkers.verify(target, plain));
    return storedHash !== null && ok;
  } catch (err) {
    // A full gate is the caller's answer (429001); a malformed stored hash never signs in.
    if (err instanceof AppError) throw err;
    return false;
  }
}

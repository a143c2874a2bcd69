import { AppError } from '../lib/app-error.js';
import { type GatePass, passwordGate } from './hash-gate.js';
import { hashWorkers } from './hash-workers.js';

// argon2id with the library's defaults (19 MiB, 2 passes) in a low-priority process of its own
// (./hash-workers.ts) behind a gate that bounds how many run and wait (./hash-gate.ts), so a
// burst of sign-ins neither stalls the event loop nor queues without end.

export function hashPassword(plain: string): Promise<string> {
  return passwordGate.run(() => hashWorkers.hash(plain));
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without an account the check still runs against a
 * throwaway hash, so an unknown login name costs the same time as a wrong password. With a
 * `pass` (./hash-gate.ts) the check takes the place the pass holds.
 */
export async function verifyPassword(storedHash: string | null, plain: string, pass?: GatePass): Promise<boolean> {
  dummy ??= hashWorkers.hash('unknown-account-placeholder');
  const target = storedHash ?? (await dummy);
  try {
    const ok = await passwordGate.run(() => hashWorkers.verify(target, plain), pass);
    return storedHash !== null && ok;
  } catch (err) {
    // A full gate is the caller's answer (429001); a malformed stored hash never signs in.
    if (err instanceof AppError) throw err;
    return false;
  }
}

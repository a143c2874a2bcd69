import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.js';
import { passwordGate } from './hash-gate.js';

// argon2id with the library's defaults (19 MiB, 2 passes); hashing runs on libuv's thread pool,
// through a gate that bounds how many run at once (./hash-gate.ts), so a burst of sign-ins does
// not stall other requests.

export function hashPassword(plain: string): Promise<string> {
  return passwordGate.run(() => hash(plain));
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without an account the check still runs against a
 * throwaway hash, so an unknown login name costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  dummy ??= hash('unknown-account-placeholder');
  const target = storedHash ?? (await dummy);
  try {
    const ok = await passwordGate.run(() => verify(target, plain));
    return storedHash !== null && ok;
  } catch (err) {
    // A full gate is the caller's answer (429001); a malformed stored hash never signs in.
    if (err instanceof AppError) throw err;
    return false;
  }
}

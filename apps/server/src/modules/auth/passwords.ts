import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes); hashing runs on libuv's thread pool,
// so a burst of sign-ins does not stall other requests.

export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
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
    const ok = await verify(target, plain);
    return storedHash !== null && ok;
  } catch {
    // A malformed stored hash (e.g. an imported account) never signs in.
    return false;
  }
}

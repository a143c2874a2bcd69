// Keys whose values never reach a log: passwords, tokens, captcha answers, secrets, a lock's
// sector key, and a payment merchant's settlement account (the console only ever shows it masked).
const SECRET_KEY = /pass(word)?|psw|token|secret|captcha.?code|^code$|credential|hash|sector.?key|settle.?account/i;

/** A copy of a request body or query fit for the operation log. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) ? '******' : redactSecrets(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string' && value.length > 2000) return `${value.slice(0, 2000)}…`;
  return value;
}

/** Field-by-field before/after of an update, secrets masked. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { field: string; before: unknown; after: unknown }[] {
  const changes = [];
  for (const field of Object.keys(after)) {
    if (field === 'version' || field === 'updatedAt') continue;
    const a = before[field];
    const b = after[field];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const secret = SECRET_KEY.test(field);
    changes.push({ field, before: secret ? '******' : a, after: secret ? '******' : b });
  }
  return changes;
}

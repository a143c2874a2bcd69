import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { shippedHaproxyConfig } from './local-cluster.js';

/** HAProxy's time format as the shipped file uses it: `500ms`, `3s` (a bare number is milliseconds). */
function ms(value: string): number {
  const m = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!m) throw new Error(`unexpected HAProxy time ${value}`);
  return Number(m[1]) * ({ ms: 1, s: 1_000, m: 60_000 }[m[2] ?? 'ms'] ?? 1);
}

/** The health-check settings of the shipped `default-server` line. */
function checkSettings(cfg: string) {
  const line = cfg.split('\n').find((l) => l.trim().startsWith('default-server '));
  if (!line) throw new Error('no default-server line');
  const words = line.trim().split(/\s+/);
  const value = (key: string) => {
    const i = words.indexOf(key);
    return i < 0 ? undefined : words[i + 1];
  };
  const inter = ms(value('inter') ?? '2s');
  return { inter, fastinter: ms(value('fastinter') ?? String(inter)), fall: Number(value('fall') ?? 3) };
}

describe('the shipped HAProxy health checks', () => {
  const settings = checkSettings(readFileSync(shippedHaproxyConfig, 'utf8'));

  it('take a draining process out before it stops accepting connections', () => {
    // Drain starts just after a passed check: the next regular check fails, then fall − 1 more at fastinter.
    const worstMs = settings.inter + (settings.fall - 1) * settings.fastinter;
    const grace = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DRAIN_GRACE_MS;
    // A second spare for the checks' own answers on a loaded machine.
    expect(worstMs + 1_000).toBeLessThanOrEqual(grace);
  });

  it('check each process at most every 2 s while it is healthy (each check costs it a query and a Redis ping)', () => {
    expect(settings.inter).toBeGreaterThanOrEqual(2_000);
  });
});

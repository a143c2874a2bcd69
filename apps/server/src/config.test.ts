import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration: PUBLIC_URL and FILE_URL_SECRET', () => {
  it('defaults PUBLIC_URL to http://localhost:PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('takes PUBLIC_URL without its trailing slash, and the old PUBLIC_BASE_URL when it is unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/console' }).publicUrl).toBe('https://example.com/console');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://old.example.com' }).publicUrl).toBe('https://old.example.com');
    const both = loadConfig({ PUBLIC_URL: 'https://new.example.com', PUBLIC_BASE_URL: 'https://old.example.com' });
    expect(both.publicUrl).toBe('https://new.example.com');
  });

  it('stops start-up on an invalid PUBLIC_URL, naming the variable', () => {
    for (const bad of [
      'console.example.com',
      'ftp://console.example.com',
      'https://user:pass@console.example.com',
      'https://console.example.com/?x=1',
      'https://console.example.com/#top',
      '',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: /);
    }
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'nope' })).toThrow(/PUBLIC_BASE_URL: /);
  });

  it('refuses a short FILE_URL_SECRET, naming the variable', () => {
    expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET: must be at least 32 characters/);
    expect(loadConfig({ FILE_URL_SECRET: 'x'.repeat(32) }).FILE_URL_SECRET).toBe('x'.repeat(32));
  });
});

describe('configuration: METRICS_TOKEN', () => {
  it('refuses a short METRICS_TOKEN, naming the variable, and leaves the endpoint off when unset', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(23) })).toThrow(
      /METRICS_TOKEN: must be at least 24 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(24) }).METRICS_TOKEN).toBe('x'.repeat(24));
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });
});

describe('configuration: DRAIN_GRACE_MS', () => {
  it('waits 5 s for the load balancer on PostgreSQL, not at all on SQLite, unless told', () => {
    expect(loadConfig({}).DRAIN_GRACE_MS).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DRAIN_GRACE_MS).toBe(5000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DRAIN_GRACE_MS: '0' }).DRAIN_GRACE_MS).toBe(0);
    expect(loadConfig({ DRAIN_GRACE_MS: '1500' }).DRAIN_GRACE_MS).toBe(1500);
    expect(() => loadConfig({ DRAIN_GRACE_MS: '-1' })).toThrow(/DRAIN_GRACE_MS/);
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyResource } from './resource.js';
import * as contract from './index.js';

function isResource(value: unknown): value is AnyResource {
  return typeof value === 'object' && value !== null && 'entity' in value && 'labels' in value && 'writable' in value;
}

/** A Latin identifier as code spells it (remark, agentId); product terms (MAC, AccessKey ID) start upper-case. */
const identifier = /(?<![A-Za-z])[a-z][A-Za-z0-9_]*/;

const resources: [string, AnyResource][] = [];
for (const [key, value] of Object.entries(contract as Record<string, unknown>)) {
  if (isResource(value)) resources.push([key, value]);
}

describe('every resource labels what it writes (issue 28)', () => {
  it('finds the resources', () => {
    expect(resources.length).toBeGreaterThan(50);
  });

  // The operation log's change table and the export headers show these labels, with no web
  // resource in between to supply one.
  it('gives every writable field a Chinese label', () => {
    const missing = resources.flatMap(([key, resource]) =>
      resource.writable
        .filter((field) => !resource.labels[field] || identifier.test(resource.labels[field]))
        .map((field) => `${key}.${field}: ${resource.labels[field] ?? '（无）'}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no label that is a code identifier', () => {
    const latin = resources.flatMap(([key, resource]) =>
      Object.entries(resource.labels)
        .filter(([, label]) => identifier.test(label))
        .map(([field, label]) => `${key}.${field}: ${label}`),
    );
    expect(latin).toEqual([]);
  });
});

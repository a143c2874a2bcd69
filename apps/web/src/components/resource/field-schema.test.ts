import { collectionResource, fen, hardwareProductResource, smsChannelResource } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { inputSchema, schemaFacts } from './field-schema';

describe('schemaFacts: money', () => {
  it('enters every money field in 元, a narrowed one too', () => {
    expect(schemaFacts(fen).kind).toBe('money');
    expect(schemaFacts(fen.nullable().optional()).kind).toBe('money');
    // Declared with their own limits (money({ min: 1 }), money({ max: 100 })): these were plain
    // numbers before, so an operator typing 元 into a field labelled （元） sent fen.
    for (const [resource, field] of [
      [hardwareProductResource, 'unitPrice'],
      [collectionResource, 'amount'],
      [smsChannelResource, 'unitPrice'],
    ] as const) {
      const schema = inputSchema(resource, field);
      expect(schema, field).toBeDefined();
      expect(schemaFacts(schema!).kind, `${resource.name}.${field}`).toBe('money');
    }
  });
});

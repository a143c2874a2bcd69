import { type CompiledQuery, type Compilable, type QueryResult, createQueryId } from 'kysely';
import type { ResourceDb } from './types.js';

/**
 * A value bound per call into a query compiled once. The query is built with Slot objects where
 * the per-call values go; Kysely passes them through as ordinary parameters, so after compiling,
 * their positions in the parameter list are known and each call just fills them in.
 */
export class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** Per parameter: the call argument's index when it is a slot, else -1 (a constant of the shape). */
  slotOf: readonly number[];
}

/**
 * Queries of fixed shape compiled once and re-bound per call. Building a Kysely query, running
 * the CamelCase plugin over it and compiling it cost several times the SQLite read itself on a
 * get-by-id; none of it depends on the values bound. A shape must depend on nothing but its key
 * and its slots (no clock, no request data outside the slots): the builder runs once per key.
 *
 * Templates are kept per SQL dialect (the adapter's class), so one cache can serve a pool and
 * its transactions (same dialect, same SQL), and a test process holding SQLite and PostgreSQL
 * apps at once never runs one's SQL on the other. Results still pass through the instance's
 * plugins, so rows come back exactly as from the built query.
 */
export class CompiledQueries {
  private readonly templates = new Map<unknown, Map<string, Template>>();

  async run<Row>(
    db: ResourceDb,
    key: string,
    args: readonly unknown[],
    build: (slots: readonly Slot[]) => Compilable<Row>,
  ): Promise<QueryResult<Row>> {
    const template = this.template(db, key, args.length, build);
    const { compiled, slotOf } = template;
    const parameters = compiled.parameters.map((p, i) => (slotOf[i] === -1 ? p : args[slotOf[i] as number]));
    // A query id of its own per run, as a freshly built query has: plugins may key state by it.
    return db.executeQuery<Row>({ ...compiled, parameters, queryId: createQueryId() });
  }

  /** How many shapes are compiled (tests). */
  get size(): number {
    let n = 0;
    for (const m of this.templates.values()) n += m.size;
    return n;
  }

  private template<Row>(
    db: ResourceDb,
    key: string,
    arity: number,
    build: (slots: readonly Slot[]) => Compilable<Row>,
  ): Template {
    const dialect = db.getExecutor().adapter.constructor;
    let byKey = this.templates.get(dialect);
    if (!byKey) {
      byKey = new Map();
      this.templates.set(dialect, byKey);
    }
    let template = byKey.get(key);
    if (!template) {
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
      const compiled = build(slots).compile() as CompiledQuery;
      const slotOf = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
      for (const slot of slots) {
        if (!slotOf.includes(slot.index)) throw new Error(`compiled query ${key}: slot ${slot.index} is not bound`);
      }
      template = { compiled, slotOf };
      byKey.set(key, template);
    }
    return template;
  }
}

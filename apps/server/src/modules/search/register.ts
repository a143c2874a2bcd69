import {
  type AnyResource,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchSource,
  SEARCH_PER_KIND,
  permissionOf,
  searchEndpoints,
  searchKinds,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { RowCodec } from '../../crud/codec.js';
import { listHead } from '../../crud/list-head.js';
import { ResourceQuery } from '../../crud/query.js';
import { type DbRow, type RegisteredResource, anyTableDb } from '../../crud/types.js';
import { bindEndpoint } from '../../http/bind-endpoint.js';
import type { RequestContext } from '../../http/context.js';

interface Searchable {
  entry: RegisteredResource;
  q: ResourceQuery;
  codec: RowCodec;
}

/** The list's own read permission and audience: a caller who cannot open the list finds nothing in it. */
function mayList(resource: AnyResource, ctx: RequestContext): boolean {
  const page = resource.endpoints.page;
  const permission = page ? permissionOf(page.access) : null;
  if (permission === null || !ctx.operator?.permissions.has(permission)) return false;
  const platform = ctx.operator.adminType === 0;
  return resource.audience === 'any' || (resource.audience === 'platform') === platform;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';

function hitOf(wire: DbRow, source: SearchSource): SearchHit {
  return {
    id: text(wire.id),
    title: text(wire[source.title]),
    detail: source.detail
      .map((f) => text(wire[f]))
      .filter(Boolean)
      .join(' · '),
  };
}

/**
 * One list searched as its own screen would be with the keyword in each of the source's filters
 * (a value the filter's schema refuses, e.g. too long for it, is not searched there): the first
 * matches in the list's default order, merged without repeats, one more read than shown.
 */
async function searchList(s: Searchable, source: SearchSource, keyword: string, ctx: RequestContext) {
  const seen = new Map<string, DbRow>();
  for (const filter of source.filters) {
    const def = s.entry.resource.filters[filter];
    const parsed = def?.schema.safeParse(keyword);
    if (!parsed?.success) continue;
    const rows = await listHead(s.q, anyTableDb(ctx), ctx, { [filter]: parsed.data }, SEARCH_PER_KIND + 1);
    for (const row of rows) {
      const wire = s.codec.toWire(row);
      seen.set(text(wire.id), wire);
    }
    if (seen.size > SEARCH_PER_KIND) break;
  }
  const hits = [...seen.values()].map((w) => hitOf(w, source));
  return { hits: hits.slice(0, SEARCH_PER_KIND), more: hits.length > SEARCH_PER_KIND };
}

/**
 * GET /search: Ctrl+K. Each kind's lists (contract `searchKinds`) are searched through the list
 * machinery, so the scope (a provider sees its own), the recycle bin's exclusion and the keyword's
 * gram index are the list's; a list the caller may not read is not searched at all.
 */
export function registerSearch(app: FastifyInstance): void {
  const searchables = new Map<string, Searchable | null>();
  const searchableOf = (name: string): Searchable | null => {
    let s = searchables.get(name);
    if (s === undefined) {
      const entry = app.resources.find((r) => r.resource.name === name);
      s = entry
        ? {
            entry,
            q: new ResourceQuery(entry.resource, entry.table, entry.options),
            codec: new RowCodec(entry.resource),
          }
        : null;
      searchables.set(name, s);
    }
    return s;
  };

  bindEndpoint(app, searchEndpoints.search, async ({ query }, ctx) => {
    const kinds = query.kinds ?? (Object.keys(searchKinds) as SearchKind[]);
    const jobs: Promise<SearchGroup | null>[] = [];
    for (const kind of new Set(kinds)) {
      for (const source of searchKinds[kind].sources) {
        const s = searchableOf(source.resource);
        if (!s || !mayList(s.entry.resource, ctx)) continue;
        jobs.push(
          searchList(s, source, query.q, ctx).then(({ hits, more }) =>
            hits.length === 0
              ? null
              : {
                  kind,
                  resource: source.resource,
                  title: s.entry.resource.title,
                  filter: source.filters[0] ?? 'keyword',
                  hits,
                  more,
                },
          ),
        );
      }
    }
    const groups = await Promise.all(jobs);
    return { groups: groups.filter((g): g is SearchGroup => g !== null) };
  });
}

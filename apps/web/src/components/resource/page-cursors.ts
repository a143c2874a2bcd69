import { type EndpointDef, type Page, errors } from '@console/contract';
import { ApiError, api } from '../../lib/api/request';
import { type ListState, pageBody } from './list-state';

// Enough for a long paging session; past it the oldest knowledge is simply dropped.
const MAX_CURSORS = 500;

const viewKey = (state: ListState, offset: number) =>
  JSON.stringify([state.filters, state.sort ?? null, state.size, offset]);

/**
 * Each fetched page's `nextCursor`, by view (filters, sort, size) and page number, so that the
 * page after it is read by keyset (`after`) instead of a deep OFFSET (ARCHITECTURE.md "The wire").
 */
export class PageCursors {
  private readonly cursors = new Map<string, string>();

  /** The cursor that reads this page: the previous page's, under the same filters, sort and size. */
  afterFor(state: ListState): string | undefined {
    return state.offset > 1 ? this.cursors.get(viewKey(state, state.offset - 1)) : undefined;
  }

  remember(state: ListState, next: string | null | undefined): void {
    const key = viewKey(state, state.offset);
    if (!next) {
      this.cursors.delete(key);
      return;
    }
    if (this.cursors.size >= MAX_CURSORS) this.cursors.clear();
    this.cursors.set(key, next);
  }

  /** A cursor the server refused is not offered again. */
  forgetAfter(state: ListState): void {
    this.cursors.delete(viewKey(state, state.offset - 1));
  }

  /** After a write the rows moved: page boundaries are read afresh by offset. */
  clear(): void {
    this.cursors.clear();
  }
}

/**
 * One list page: by keyset when the previous page left a cursor, else by offset. The server
 * refuses a cursor that does not fit the view (400100 on `after`); the page is then read by
 * offset, without a message to the operator.
 */
export async function fetchPage<Row>(
  endpoint: EndpointDef,
  state: ListState,
  cursors: PageCursors,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  const after = cursors.afterFor(state);
  if (after) {
    try {
      const page = (await api(endpoint, {
        body: pageBody(state, after),
        signal,
        quietCodes: [errors.validation.code],
      })) as Page<Row>;
      cursors.remember(state, page.nextCursor);
      return page;
    } catch (error) {
      if (!(error instanceof ApiError && error.errCode === errors.validation.code)) throw error;
      cursors.forgetAfter(state);
    }
  }
  const page = (await api(endpoint, { body: pageBody(state), signal })) as Page<Row>;
  cursors.remember(state, page.nextCursor);
  return page;
}

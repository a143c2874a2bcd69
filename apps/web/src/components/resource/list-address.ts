/**
 * Where a list keeps its view in the address when it shares a screen with other lists (tabs):
 * the query it starts from, and the screen's own parameters (`tab=…`) it writes before its own.
 */
export interface ListAddress {
  /** The address query the list reads its first view from ('' for a fresh list). */
  initial: string;
  /** Screen parameters kept in front of the list's own, e.g. `tab=loginLog`; '' for none. */
  keep: string;
}

/** The address query of a list: the screen's kept parameters, then the list's own (`?a=1` form). */
export function addressSearch(address: ListAddress | undefined, listSearch: string): string {
  if (!address?.keep) return listSearch;
  return listSearch ? `?${address.keep}&${listSearch.slice(1)}` : `?${address.keep}`;
}

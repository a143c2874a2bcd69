import type { DashboardSummary } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { parseListState } from '../../components/resource/list-state';
import { figureLinks, figureScreens, linkAddress } from './dashboard-links';

const summary = { expiryWindow: { from: '2026-11-22', to: '2026-12-22' } } as DashboardSummary;

describe('dashboard figure links', () => {
  it('open the list of exactly the counted rows, in the form the list screens read back', () => {
    const to = figureLinks(summary);
    const expiring = linkAddress(figureScreens.platform[to.storesExpiring.target]!, to.storesExpiring.filters);
    expect(expiring.startsWith('/userMgt/seeStore?')).toBe(true);
    const state = parseListState(
      expiring.slice(expiring.indexOf('?')),
      [
        { name: 'status', label: '状态', kind: 'select' },
        { name: 'webExpireAt', label: '网页版到期', kind: 'dateRange' },
      ],
      [],
    );
    expect(state.filters).toEqual({ status: 1, webExpireAt: { from: '2026-11-22', to: '2026-12-22' } });
    // Lapsed means before the window's first day.
    expect(to.homeUsersExpired.filters).toEqual({ expireDate: '~2026-11-21' });
    expect(linkAddress(figureScreens.platform[to.providersPending.target]!, to.providersPending.filters)).toBe(
      '/storeApplication/agentExamine?status=0',
    );
    expect(linkAddress('/storeApplication/storeApplication', undefined)).toBe('/storeApplication/storeApplication');
  });
});

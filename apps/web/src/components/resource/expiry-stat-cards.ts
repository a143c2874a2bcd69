import { EXPIRING_WITHIN_DAYS } from '@console/contract';
import { addDays } from './expiry';
import type { StatCardDef } from './list-stats';

/**
 * The four cards of an account list with an expiry date, matching the server's head statistics
 * (`userStatistics`: total, active, expired, expiringSoon): each filters the list to exactly the
 * rows it counts, soonest (or most recently expired) first.
 */
export function expiryStatCards(dateField: string, totalLabel: string): StatCardDef[] {
  return [
    { key: 'total', label: totalLabel, field: 'total', filters: () => ({}) },
    {
      key: 'active',
      label: '正常',
      field: 'active',
      tone: 'success',
      filters: (today) => ({ status: 1, [dateField]: { from: today } }),
      sort: { field: dateField, order: 'ascend' },
    },
    {
      key: 'expired',
      label: '已过期',
      field: 'expired',
      tone: 'danger',
      filters: (today) => ({ [dateField]: { to: addDays(today, -1) } }),
      sort: { field: dateField, order: 'descend' },
    },
    {
      key: 'expiringSoon',
      label: `${EXPIRING_WITHIN_DAYS} 天内到期`,
      field: 'expiringSoon',
      tone: 'warning',
      filters: (today) => ({ [dateField]: { from: today, to: addDays(today, EXPIRING_WITHIN_DAYS) } }),
      sort: { field: dateField, order: 'ascend' },
    },
  ];
}

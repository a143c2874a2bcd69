import dayjs from 'dayjs';

/** receiveTime as month/day (spec section 3), e.g. 11/22. */
export function monthDay(iso: string): string {
  return dayjs(iso).format('MM/DD');
}

export function dateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}

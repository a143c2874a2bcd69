import { chinaDay } from '@console/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today's China calendar date as a dayjs (its local midnight), for pickers and date arithmetic:
 * a browser in another zone (an operator abroad, a UTC test machine) still starts from the
 * operators' day, not its own (issue 28).
 */
export function chinaTodayDayjs(now: Date = new Date()): Dayjs {
  return dayjs(chinaDay(now));
}

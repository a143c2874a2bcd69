import { hashText, seededRng } from '../devices/rng.js';

/** One settled transaction as the payment provider's daily statement lists it. */
export interface BillStatement {
  billNo: string;
  /** The provider (服务商) number the bill belongs to; '' when the statement line lacks it. */
  agentNo: string;
  /** 1 微信支付, 2 支付宝. */
  payChannel: number;
  /** Fen; a refund line is negative. */
  amount: number;
  fee: number;
  /** 1 paid, 2 refunded. */
  status: number;
  paidAt: string;
}

/** The provider numbers a statement carries when the simulator has not been told the platform's. */
export const DEFAULT_STATEMENT_AGENT_NOS: readonly string[] = ['A0001', 'A0002', 'Z0000'];

/**
 * A day's statement, the same every time it is asked for (the real providers' statements are
 * fixed once the day closes): 4–12 lines, now and then a line without the provider number, as
 * real statements have, which a sync must report rather than store. A refund of an earlier bill
 * appears as status 2 of the same bill number on a later day's statement.
 */
export function statementOf(day: string, agentNos: readonly string[] = DEFAULT_STATEMENT_AGENT_NOS): BillStatement[] {
  const lines = dayLines(day, agentNos);
  // Now and then the previous day's first bill is refunded today: a sync updates that record.
  const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const refunded = dayLines(previous, agentNos)[0];
  if (refunded?.agentNo && seededRng(hashText(`${day}:refund`))() < 0.5) lines.push({ ...refunded, status: 2 });
  return lines;
}

/** The bills paid on the day itself. */
function dayLines(day: string, agentNos: readonly string[]): BillStatement[] {
  const rng = seededRng(hashText(day));
  const count = 4 + Math.floor(rng() * 9);
  const lines: BillStatement[] = [];
  for (let i = 0; i < count; i += 1) {
    const amount = (1 + Math.floor(rng() * 300)) * 100;
    const minute = Math.floor(rng() * 1440);
    const hh = String(Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    lines.push({
      billNo: `PAY${day.replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`,
      agentNo: rng() < 0.08 ? '' : agentNos[Math.floor(rng() * agentNos.length)]!,
      payChannel: rng() < 0.6 ? 1 : 2,
      amount,
      fee: Math.round(amount * 0.006),
      status: 1,
      paidAt: `${day}T${hh}:${mm}:00.000Z`,
    });
  }
  return lines;
}

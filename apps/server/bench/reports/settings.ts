/**
 * Sizes of the reports suite, from the environment: REPORTS_BENCH_PAYMENTS payment rows (the
 * issue's figure is 10 000 000; 0 generates nothing), REPORTS_BENCH_PG_URL a PostgreSQL server to
 * generate them on too (an admin URL: the suite creates and keeps bench_reports_<payments>).
 */
const payments = Number(process.env.REPORTS_BENCH_PAYMENTS ?? 0);
if (!Number.isSafeInteger(payments) || payments < 0) {
  throw new Error(`REPORTS_BENCH_PAYMENTS 需要非负整数，收到 "${process.env.REPORTS_BENCH_PAYMENTS}"`);
}
export const reportsSettings = { payments, postgresUrl: process.env.REPORTS_BENCH_PG_URL ?? '' };

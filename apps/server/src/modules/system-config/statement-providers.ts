import type { FastifyInstance } from 'fastify';
import { PaymentsSimulator } from '../../adapters/payments/index.js';

/** A number the platform never issues: statements carry one now and then, as real ones do. */
const UNKNOWN_AGENT_NO = 'FW0000000';

/**
 * The real payment provider knows the platform's providers as its sub-merchants, so its daily
 * statements name them. The simulator does not, until it is told: at start the app tells it the
 * providers it has (those approved later appear after a restart). Tests keep the simulator's own
 * fixed numbers, since they do not start through main.
 */
export async function introduceProvidersToPaymentsSimulator(app: FastifyInstance): Promise<void> {
  if (!(app.payments instanceof PaymentsSimulator)) return;
  const rows = await app.db
    .selectFrom('agent')
    .select('agentNo')
    .where('status', '=', 1)
    .orderBy('id')
    .limit(20)
    .execute();
  if (rows.length === 0) return;
  app.payments.configure({ statementAgentNos: [...rows.map((r) => r.agentNo), UNKNOWN_AGENT_NO] });
}

import type { RequestContext } from '../../http/context.js';
import { fieldError } from '../../lib/app-error.js';

const ACTIVE = 1;

/** The provider a platform action hands something to (codes, allocations): it must exist and be active. */
export async function requireActiveAgent(ctx: RequestContext, agentId: number, refusal: string): Promise<void> {
  const agent = await ctx.db.selectFrom('agent').select('status').where('id', '=', agentId).executeTakeFirst();
  if (!agent) throw fieldError('agentId', '服务商不存在');
  if (agent.status !== ACTIVE) throw fieldError('agentId', refusal);
}

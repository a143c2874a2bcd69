import type { Kysely } from 'kysely';
import { createListIndexes } from './list-indexes.js';

// The list indexes of the screens merged after 0115-0117 (issue 16: 服务商审核, 开店申请, 门店回收站,
// 短信记录, 公众号, 商户小程序), which test/list-indexes.test.ts names: each `eq` filter seeks its
// column and reads its rows in the order of the list's default sort (created_at for the WeChat
// lists and the SMS log), a provider's list seeks agent_id first, and 服务商审核 sorts by review
// time. The two store queues are views pinned to one status (0 pending, 4 recycled), so their
// indexes lead with it: without it a filter or the name sort walks every store of every status.
// Both engines: none of these columns had an index serving these orders on either.
const indexes: Record<string, string[][]> = {
  agent: [['reviewed_at', 'id']],
  applet_authorization: [
    ['agent_id', 'enterprise_id', 'created_at', 'id'],
    ['agent_id', 'release_status', 'created_at', 'id'],
    ['agent_id', 'store_id', 'created_at', 'id'],
    ['enterprise_id', 'created_at', 'id'],
    ['release_status', 'created_at', 'id'],
    ['store_id', 'created_at', 'id'],
  ],
  official_account: [
    ['account_type', 'created_at', 'id'],
    ['status', 'created_at', 'id'],
    ['verified', 'created_at', 'id'],
  ],
  sms_log: [
    ['purpose', 'created_at', 'id'],
    ['status', 'created_at', 'id'],
  ],
  store: [
    ['status', 'agent_id', 'applied_at', 'id'],
    ['status', 'agent_id', 'recycled_at', 'id'],
    ['status', 'enterprise_id', 'applied_at', 'id'],
    ['status', 'enterprise_id', 'recycled_at', 'id'],
    ['status', 'name', 'id'],
    ['status', 'store_type', 'applied_at', 'id'],
    ['status', 'store_type', 'recycled_at', 'id'],
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createListIndexes(db, indexes);
}

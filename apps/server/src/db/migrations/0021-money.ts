import type { Kysely } from 'kysely';
import { cascade, refType, withId, withTimestamps } from './helpers.js';

// Money records: contracts, collections, the provider's account ledger, store and provider
// payments, payment-merchant applications and enterprise wallets. Amounts are integer fen.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = refType(db);
  const agentRef = (name: string) => db.schema.createIndex(`${name}_agent_id`).on(name).columns(['agent_id', 'id']);

  await withTimestamps(withId(db, db.schema.createTable('contract')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('contract_no', 'text', (c) => c.notNull().unique())
    .addColumn('party_type', 'integer', (c) => c.notNull())
    .addColumn('enterprise_id', ref, (c) => c.references('enterprise.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('signed_date', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('attachment_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('contract').execute();
  await db.schema.createIndex('contract_status_id').on('contract').columns(['status', 'id']).execute();
  await db.schema.createIndex('contract_enterprise').on('contract').columns(['enterprise_id', 'id']).execute();
  await db.schema.createIndex('contract_signed').on('contract').columns(['signed_date', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('collection')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('collection_no', 'text', (c) => c.notNull().unique())
    .addColumn('contract_id', ref, (c) => c.references('contract.id'))
    .addColumn('enterprise_id', ref, (c) => c.references('enterprise.id'))
    .addColumn('payer', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('method', 'integer', (c) => c.notNull())
    .addColumn('collected_at', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('collection').execute();
  await db.schema.createIndex('collection_contract').on('collection').columns(['contract_id', 'id']).execute();
  await db.schema.createIndex('collection_status_id').on('collection').columns(['status', 'id']).execute();
  await db.schema.createIndex('collection_collected').on('collection').columns(['collected_at', 'id']).execute();

  // The provider's account with the platform: an append-only ledger with the running balance.
  await withTimestamps(withId(db, db.schema.createTable('account_record')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('record_no', 'text', (c) => c.notNull().unique())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('related_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('account_record').execute();
  await db.schema.createIndex('account_record_kind').on('account_record').columns(['kind', 'id']).execute();
  await db.schema
    .createIndex('account_record_agent_kind')
    .on('account_record')
    .columns(['agent_id', 'kind', 'id'])
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('store_payment')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('payment_no', 'text', (c) => c.notNull().unique())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('store_payment').execute();
  await db.schema.createIndex('store_payment_store').on('store_payment').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('store_payment_status_id').on('store_payment').columns(['status', 'id']).execute();
  await db.schema.createIndex('store_payment_paid').on('store_payment').columns(['paid_at', 'id']).execute();

  await withTimestamps(withId(db, db.schema.createTable('provider_payment')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.references('store.id'))
    .addColumn('record_no', 'text', (c) => c.notNull().unique())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await agentRef('provider_payment').execute();
  await db.schema.createIndex('provider_payment_store').on('provider_payment').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('provider_payment_status_id').on('provider_payment').columns(['status', 'id']).execute();
  await db.schema.createIndex('provider_payment_paid').on('provider_payment').columns(['paid_at', 'id']).execute();

  // Merchant applications to the two payment providers (1 扫码 sweep, 2 网商 ws).
  await withTimestamps(withId(db, db.schema.createTable('payment_merchant')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('store_id', ref, (c) => c.notNull().references('store.id'))
    .addColumn('provider', 'integer', (c) => c.notNull())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('license_no', 'text', (c) => c.notNull())
    .addColumn('legal_person', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('settle_bank', 'text', (c) => c.notNull())
    .addColumn('settle_account', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('apply_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await agentRef('payment_merchant').execute();
  await db.schema
    .createIndex('payment_merchant_provider')
    .on('payment_merchant')
    .columns(['provider', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_merchant_agent_provider')
    .on('payment_merchant')
    .columns(['agent_id', 'provider', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_merchant_store')
    .on('payment_merchant')
    .columns(['store_id', 'provider'])
    .unique()
    .execute();

  await withTimestamps(withId(db, db.schema.createTable('enterprise_wallet')))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('enterprise_id', ref, (c) => cascade(c.notNull().references('enterprise.id')))
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await agentRef('enterprise_wallet').execute();
  await db.schema
    .createIndex('enterprise_wallet_enterprise')
    .on('enterprise_wallet')
    .column('enterprise_id')
    .unique()
    .execute();
  await db.schema.createIndex('enterprise_wallet_balance').on('enterprise_wallet').columns(['balance', 'id']).execute();

  await withId(db, db.schema.createTable('wallet_ledger'))
    .addColumn('agent_id', ref, (c) => c.notNull().references('agent.id'))
    .addColumn('wallet_id', ref, (c) => cascade(c.notNull().references('enterprise_wallet.id')))
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_ledger_wallet').on('wallet_ledger').columns(['wallet_id', 'id']).execute();
  await db.schema.createIndex('wallet_ledger_agent_id').on('wallet_ledger').columns(['agent_id', 'id']).execute();
}

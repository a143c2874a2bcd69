import {
  type EnterpriseWallet,
  type WalletLedgerRow,
  enterpriseWalletResource,
  walletDirection,
  walletLedgerEndpoint,
  walletLedgerKind,
  walletLedgerRow,
} from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { ResourceTable, type TableColumn } from '../../components/resource/resource-table';
import { tableQueryState } from '../../components/resource/table-query';
import { formatFen } from '../../lib/money';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';

const PAGE = 10;

// An entry's sign and colour come from its direction: the amount itself is always positive.
const columns: TableColumn<WalletLedgerRow>[] = [
  { name: 'createdAt', label: '时间' },
  {
    name: 'amount',
    label: '金额',
    render: (_, row) => (
      <span style={{ color: row.direction === 1 ? '#389e0d' : '#cf1322' }}>
        {row.direction === 1 ? '+' : '−'}¥{formatFen(row.amount)}
      </span>
    ),
  },
  { name: 'balanceAfter', label: '余额' },
  {
    name: 'kind',
    label: '类型',
    render: (_, row) => (
      <Tag color={row.direction === 1 ? 'green' : 'orange'}>
        {walletDirection.labels[row.direction]} · {walletLedgerKind.labels[row.kind]}
      </Tag>
    ),
  },
  { name: 'remark', label: '原因' },
  { name: 'operatorName', label: '操作人' },
];

/** A wallet's ledger under its detail, newest first; it reloads with the list after an adjustment. */
export function WalletLedger({ record }: { record: EnterpriseWallet }) {
  const [offset, setOffset] = useState(1);
  const query = useQuery({
    queryKey: [...resourceQueryKey(enterpriseWalletResource.name), 'ledger', record.id, offset],
    queryFn: ({ signal }) => api(walletLedgerEndpoint, { body: { walletId: record.id, offset, size: PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section style={{ marginTop: 16 }} aria-label="钱包明细">
      <Typography.Title level={5}>钱包明细</Typography.Title>
      <ResourceTable
        of={walletLedgerRow}
        columns={columns}
        rows={query.data?.list}
        {...tableQueryState(query)}
        errorTitle="明细加载失败"
        empty="暂无明细"
        pagination={{ size: PAGE, page: offset, total: query.data?.total ?? 0, onChange: setOffset }}
      />
    </section>
  );
}

import {
  type EnterpriseWallet,
  type WalletLedgerRow,
  enterpriseWalletResource,
  walletDirection,
  walletLedgerEndpoint,
  walletLedgerKind,
} from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatFen, formatYuan } from '../../lib/money';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';

const PAGE = 10;

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
      <Table<WalletLedgerRow>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? '明细加载失败' : '暂无明细' }}
        pagination={{
          current: offset,
          pageSize: PAGE,
          total: query.data?.total ?? 0,
          onChange: setOffset,
          size: 'small',
          showTotal: (total) => `共 ${total} 条`,
        }}
        columns={[
          {
            key: 'createdAt',
            title: '时间',
            dataIndex: 'createdAt',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'amount',
            title: '金额',
            render: (_: unknown, row) => (
              <span style={{ color: row.direction === 1 ? '#389e0d' : '#cf1322' }}>
                {row.direction === 1 ? '+' : '−'}¥{formatFen(row.amount)}
              </span>
            ),
          },
          { key: 'balanceAfter', title: '余额', dataIndex: 'balanceAfter', render: (v: number) => formatYuan(v) },
          {
            key: 'kind',
            title: '类型',
            render: (_: unknown, row) => (
              <Tag color={row.direction === 1 ? 'green' : 'orange'}>
                {walletDirection.labels[row.direction]} · {walletLedgerKind.labels[row.kind]}
              </Tag>
            ),
          },
          { key: 'remark', title: '原因', dataIndex: 'remark' },
          { key: 'operatorName', title: '操作人', dataIndex: 'operatorName' },
        ]}
      />
    </section>
  );
}

import {
  type RenewalQuote,
  type ScreenMount,
  type Store,
  mountedEndpoint,
  renewalKind,
  storeRenewalEndpoints,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Radio, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import { formatYuan } from '../../lib/money';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';

interface Values {
  kind: 1 | 2;
  years: number;
}

const yearOptions = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: `${n} 年` }));

/** The price of what the form asks for now, and whether the balance covers it. */
function QuoteView({
  store,
  mount,
  onQuote,
}: {
  store: Store;
  mount: ScreenMount;
  onQuote: (amount: number | null) => void;
}) {
  const form = Form.useFormInstance<Values>();
  const kind = Form.useWatch('kind', form) ?? 1;
  const years = Form.useWatch('years', form) ?? 1;
  const quote = useQuery({
    queryKey: [...resourceQueryKey('store'), 'renewQuote', mount, store.id, kind, years],
    queryFn: ({ signal }): Promise<RenewalQuote> =>
      api(mountedEndpoint(storeRenewalEndpoints.quote, mount), {
        query: { id: store.id, kind, years },
        signal,
        quiet: true,
      }),
  });
  const amount = quote.data?.amount ?? null;
  useEffect(() => onQuote(amount), [amount, onQuote]);
  if (quote.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (quote.isError) return <Alert type="error" showIcon title={`报价失败：${quote.error.message}`} />;
  const q = quote.data;
  const short = q.balance < q.amount;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'unit', label: '单价', children: `${formatYuan(q.unitPrice)} / 年` },
          { key: 'amount', label: '应付金额', children: <strong>{formatYuan(q.amount)}</strong> },
          { key: 'balance', label: '账户余额', children: formatYuan(q.balance) },
          { key: 'period', label: '有效期', children: `${q.expireFrom} 起，续至 ${q.expireTo}` },
        ]}
      />
      {short && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={`余额不足：还差 ${formatYuan(q.amount - q.balance)}，请先联系平台充值`}
        />
      )}
    </>
  );
}

/**
 * 续费 of a store: the operator picks web or staff mini-program and the years, sees the price and
 * the balance, and confirms exactly that amount (a price changed meanwhile is refused, not charged).
 */
export function useStoreRenewDialog(mount: ScreenMount) {
  const shown = useRef<number | null>(null);
  const [target, setTarget] = useState<Store | null>(null);
  const onQuote = useCallback((amount: number | null) => {
    shown.current = amount;
  }, []);
  const dialog = useActionDialog<Store, Values>({
    title: ([store]) => `门店续费：${store?.name ?? ''}`,
    summary: ([store]) => `门店编号 ${store?.storeNo ?? ''}，费用从账户余额中扣除，并记入账户流水。`,
    initialValues: () => ({ kind: 1, years: 1 }),
    okText: '确认续费',
    form: (
      <>
        <Form.Item name="kind" label="续费项目" rules={[{ required: true, message: '请选择续费项目' }]}>
          <Radio.Group options={renewalKind.options} optionType="button" />
        </Form.Item>
        <Form.Item name="years" label="续费年限" rules={[{ required: true, message: '请选择续费年限' }]}>
          <Select options={yearOptions} style={{ width: 160 }} />
        </Form.Item>
        {target && <QuoteView store={target} mount={mount} onQuote={onQuote} />}
      </>
    ),
    submit: async ([store], values) => {
      if (!store) return;
      if (shown.current === null) throw new Error('报价尚未加载，请稍候');
      await api(mountedEndpoint(storeRenewalEndpoints.renew, mount), {
        body: {
          id: store.id,
          version: store.version,
          kind: values.kind,
          years: values.years,
          expectedAmount: shown.current,
        },
      });
    },
  });
  const openDialog = dialog.open;
  const open = useCallback(
    (store: Store) => {
      shown.current = null;
      setTarget(store);
      return openDialog([store]);
    },
    [openDialog],
  );
  return { open, element: dialog.element };
}

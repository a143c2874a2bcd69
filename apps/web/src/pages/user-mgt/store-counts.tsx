import { type Store, storeDetailEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import { Link } from 'react-router';
import '../../components/resource/record-sections.css';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useScreenLink } from './use-screen-link';

/** Each count and the screen that lists those rows of a store (a link only once that screen exists for the operator). */
const counts = [
  { key: 'gatewayDevices', label: '网关设备', path: '/userMgt/factorySetting' },
  { key: 'androidDevices', label: '安卓设备', path: '/userMgt/android' },
  { key: 'homeUsers', label: '店主账号', path: '/userMgt/ZGJUser' },
  { key: 'staffUsers', label: '门店员工', path: '/userMgt/appletsUserMgt' },
] as const;

/** 门店查看's detail: how many devices and people the store has, each linking to its list filtered to the store. */
export function StoreCounts({ record }: { record: Store }) {
  const link = useScreenLink();
  const query = useQuery({
    queryKey: [...resourceQueryKey('store'), 'counts', record.id],
    queryFn: ({ signal }) => api(storeDetailEndpoints.counts, { query: { id: record.id }, signal, quiet: true }),
  });
  return (
    <section aria-label="设备与人员">
      <div className="record-section-title">设备与人员</div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="设备与人员数加载失败"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Descriptions
          column={2}
          bordered
          size="small"
          items={counts.map(({ key, label, path }) => {
            const to = link(path, { storeId: record.id });
            const value = `${query.data[key]} ${key.endsWith('Devices') ? '台' : '人'}`;
            return { key, label, children: to ? <Link to={to}>{value}</Link> : value };
          })}
        />
      )}
    </section>
  );
}

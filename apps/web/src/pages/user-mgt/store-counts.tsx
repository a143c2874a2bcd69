import { type EndpointDef, type Store, storeDetailEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import { Link } from 'react-router';
import '../../components/resource/record-sections.css';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useScreenLink } from './use-screen-link';

/** Each count and the screen that lists those rows of a store (a link only once that screen exists for the operator). */
const platformCounts: readonly StoreCountLink[] = [
  { key: 'gatewayDevices', label: '网关设备', path: '/userMgt/factorySetting' },
  { key: 'androidDevices', label: '安卓设备', path: '/userMgt/android' },
  { key: 'homeUsers', label: '店主账号', path: '/userMgt/ZGJUser' },
  { key: 'staffUsers', label: '门店员工', path: '/userMgt/appletsUserMgt' },
];

export interface StoreCountLink {
  key: 'gatewayDevices' | 'androidDevices' | 'homeUsers' | 'staffUsers';
  label: string;
  path: string;
}

interface Props {
  record: Store;
  /** The counts endpoint of the screen's mount (门店管理 under 直营 reads the direct-run one). */
  endpoint?: typeof storeDetailEndpoints.counts;
  /** The screens each count links to, for the operator's side. */
  links?: readonly StoreCountLink[];
}

/** 门店查看's (and 门店管理's) detail: how many devices and people the store has, each linking to its list. */
export function StoreCounts({ record, endpoint = storeDetailEndpoints.counts, links = platformCounts }: Props) {
  const link = useScreenLink();
  const query = useQuery({
    queryKey: [...resourceQueryKey('store'), 'counts', (endpoint as EndpointDef).path, record.id],
    queryFn: ({ signal }) => api(endpoint, { query: { id: record.id }, signal, quiet: true }),
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
          items={links.map(({ key, label, path }) => {
            const to = link(path, { storeId: record.id });
            const value = `${query.data[key]} ${key.endsWith('Devices') ? '台' : '人'}`;
            return { key, label, children: to ? <Link to={to}>{value}</Link> : value };
          })}
        />
      )}
    </section>
  );
}

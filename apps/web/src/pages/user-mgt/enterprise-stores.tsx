import {
  type EndpointDef,
  type Enterprise,
  type Page,
  type Store,
  permissionOf,
  storeResource,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { displayValue } from '../../components/resource/field-kinds';
import '../../components/resource/record-sections.css';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';
import { storeWeb } from '../../resources/store';
import { useScreenLink } from './use-screen-link';

// The detail lists this many stores; past that it links to 门店查看 filtered to the enterprise.
const SHOWN = 20;

interface Props {
  record: Enterprise;
  /** The store list the screen may read (企业管理 under 直营 reads the direct-run one). */
  page?: EndpointDef;
  /** The store screen the 在…中打开 link opens, filtered to the enterprise. */
  listPath?: string;
}

/** 企业查看's (and 企业管理's) detail: the enterprise's stores, with their type, status and expiry dates. */
export function EnterpriseStores({
  record,
  page = storeResource.endpoints.page,
  listPath = '/userMgt/seeStore',
}: Props) {
  const canList = useSession((state) => !!page && state.permissions.has(permissionOf(page.access) ?? ''));
  const link = useScreenLink();
  const query = useQuery({
    queryKey: [...resourceQueryKey(storeResource.name), 'ofEnterprise', page?.path, record.id],
    queryFn: ({ signal }) =>
      api(page!, { body: { offset: 1, size: SHOWN, enterpriseId: record.id }, signal, quiet: true }) as Promise<
        Page<Store>
      >,
    enabled: canList && !!page,
  });
  if (!canList) return null;
  const all = link(listPath, { enterpriseId: record.id });
  const field = (name: string) => storeWeb.fields[name]!;
  return (
    <section aria-label="企业门店">
      <div className="record-section-title">
        门店（{query.data ? `${query.data.total} 家` : '…'}）
        {all && (
          <Link to={all} style={{ marginInlineStart: 12, fontWeight: 400 }}>
            在门店列表中打开
          </Link>
        )}
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="门店加载失败"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : query.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该企业还没有门店" />
      ) : (
        <List
          size="small"
          bordered
          dataSource={query.data.list}
          renderItem={(store) => (
            <List.Item key={store.id}>
              <List.Item.Meta
                title={
                  <span>
                    {store.name} {displayValue(field('storeType'), store.storeType, store)}
                    {displayValue(field('status'), store.status, store)}
                  </span>
                }
                description={
                  <span>
                    {store.storeNo} · 网页版到期 {displayValue(field('webExpireAt'), store.webExpireAt, store)} ·
                    小程序到期 {displayValue(field('appletExpireAt'), store.appletExpireAt, store)}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}

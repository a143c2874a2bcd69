import { appKind, appVersionEndpoints, updateType } from '@console/contract';
import { useQueries } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ListAddress } from '../../../components/resource/list-address';
import { ResourceListPage } from '../../../components/resource/resource-list-page';
import { api } from '../../../lib/api/request';
import { resourceQueryKey } from '../../../lib/api/resource-query-key';
import { appVersionWeb } from '../../../resources/app-version';
import './android.css';

const apps = appKind.options;

/** The newest release of each app (getAppLastVer), what a terminal asking for updates is told. */
function LatestVersions() {
  const latest = useQueries({
    queries: apps.map((app) => ({
      // Under the resource's key: a new release refreshes these with the list.
      queryKey: [...resourceQueryKey('appVersion'), 'latest', app.value],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(appVersionEndpoints.lastVersion, { query: { app: app.value }, signal }),
    })),
  });
  return (
    <div className="latest-versions">
      {apps.map((app, i) => {
        const q = latest[i];
        const v = q?.data;
        return (
          <Card key={app.value} size="small" title={`${app.label} 最新版本`} loading={q?.isLoading}>
            {v ? (
              <>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {v.versionName} <Tag>序号 {v.versionCode}</Tag>
                  <Tag color={v.updateType === 1 ? 'red' : 'blue'}>{updateType.labels[v.updateType]}</Tag>
                </Typography.Title>
                <Typography.Text type="secondary">
                  发布于 {dayjs(v.publishedAt).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary">{q?.isError ? '加载失败' : '尚未发布版本'}</Typography.Text>
            )}
          </Card>
        );
      })}
    </div>
  );
}

/** 应用版本: the newest of each app, then every release; a new one uploads its package. */
export function VersionsTab({ address }: { address: ListAddress }) {
  return (
    <>
      <LatestVersions />
      <ResourceListPage web={appVersionWeb} address={address} />
    </>
  );
}

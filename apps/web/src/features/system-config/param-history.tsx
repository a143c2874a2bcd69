import { type PlatformParam, paramHistoryEndpoint } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { api } from '../../lib/api/request';

/** A parameter's value changes, newest first (the detail drawer's lower half). */
export function ParamHistory({ record }: { record: PlatformParam }) {
  const history = useQuery({
    queryKey: ['platformParam', 'history', record.id, record.version],
    queryFn: () => api(paramHistoryEndpoint, { query: { id: record.id } }),
  });
  return (
    <section>
      <Typography.Title level={5}>修改记录</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        loading={history.isPending}
        dataSource={history.data ?? []}
        locale={{ emptyText: history.isError ? '修改记录加载失败' : '暂无修改记录' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        columns={[
          {
            title: '时间',
            dataIndex: 'createdAt',
            width: 160,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          { title: '修改人', dataIndex: 'operatorName', width: 100 },
          { title: '原值', dataIndex: 'beforeValue', ellipsis: true },
          { title: '新值', dataIndex: 'afterValue', ellipsis: true },
        ]}
      />
    </section>
  );
}

import { type ParamChange, type PlatformParam, paramChange, paramHistoryEndpoint } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { ResourceTable, type TableColumn } from '../../components/resource/resource-table';
import { tableQueryState } from '../../components/resource/table-query';
import { api } from '../../lib/api/request';

const columns: TableColumn<ParamChange>[] = [
  { name: 'createdAt', label: '时间', width: 170 },
  { name: 'operatorName', label: '修改人', width: 100 },
  { name: 'beforeValue', label: '原值' },
  { name: 'afterValue', label: '新值' },
];

/** A parameter's value changes, newest first (the detail drawer's lower half). */
export function ParamHistory({ record }: { record: PlatformParam }) {
  const history = useQuery({
    queryKey: ['platformParam', 'history', record.id, record.version],
    queryFn: () => api(paramHistoryEndpoint, { query: { id: record.id } }),
  });
  return (
    <section>
      <Typography.Title level={5}>修改记录</Typography.Title>
      <ResourceTable
        of={paramChange}
        columns={columns}
        rows={history.data}
        {...tableQueryState(history)}
        errorTitle="修改记录加载失败"
        empty="暂无修改记录"
        pagination={{ size: 10 }}
        scrollX={560}
      />
    </section>
  );
}

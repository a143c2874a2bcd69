import { type OperationLog, operationLogEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { FieldChangeTable } from '../../components/resource/field-change-table';
import { JsonBlock } from '../../components/resource/json-block';
import { api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { changedRecordFields } from './changed-record-fields';

/**
 * What the list row leaves out of an operation-log entry: the request as the server kept it
 * (secrets already replaced by ******) and, for an update, each changed field before and after.
 */
export function OperationLogDetail({
  record,
  endpoint = operationLogEndpoints.get,
}: {
  record: Pick<OperationLog, 'id' | 'path'>;
  /** A provider's log reads its own entries through its own endpoint. */
  endpoint?: typeof operationLogEndpoints.get;
}) {
  const detail = useQuery({
    queryKey: [...resourceQueryKey('operationLog'), endpoint.path, record.id],
    queryFn: ({ signal }) => api(endpoint, { query: { id: record.id }, signal }),
    staleTime: Infinity,
  });
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 4 }} className="record-section-title" />;
  if (detail.isError) return <Alert type="error" showIcon title="请求详情加载失败" className="record-section-title" />;
  const { params, changes } = detail.data;
  return (
    <>
      {changes.length > 0 && (
        <section aria-label="字段变更">
          <div className="record-section-title">字段变更</div>
          <FieldChangeTable changes={changes} fields={changedRecordFields(record.path)} />
        </section>
      )}
      <section aria-label="请求参数">
        <div className="record-section-title">请求参数</div>
        <JsonBlock value={params} />
      </section>
    </>
  );
}

import { Skeleton } from 'antd';
import { type ComponentProps, Suspense, lazy } from 'react';
import type { OperationLogDetail } from './operation-log-detail';

// The detail names each changed field from the contract's catalogue of every resource (~50 KB of
// gzip JavaScript): it loads when a detail drawer first opens, not with the list (issue 16's
// 60 KB per screen).
const Loaded = lazy(() => import('./operation-log-detail').then((m) => ({ default: m.OperationLogDetail })));

export function LazyOperationLogDetail(props: ComponentProps<typeof OperationLogDetail>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} className="record-section-title" />}>
      <Loaded {...props} />
    </Suspense>
  );
}

import { scopeEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { api } from '../../lib/api/request';
import type { ReferenceSource } from './reference-select';
import { ReferenceText } from './reference-text';

/** The operator's scope, read once a minute at most: it changes only when stores come and go. */
export function useCurrentScope() {
  return useQuery({
    queryKey: ['currentScope'],
    queryFn: ({ signal }) => api(scopeEndpoints.current, { signal, quiet: true }),
    staleTime: 60_000,
  });
}

export interface ScopeLineProps {
  /** The list's rows are confined to a provider by the server (a tenant resource). */
  tenant: boolean;
  /** A platform list filtered to one provider: that provider's id and where its name is read. */
  agentFilter?: { id: string; source?: ReferenceSource };
}

/**
 * 当前范围：成都蜀联 · 37 家门店 — the scope the server applied to the rows below, from the same
 * scope its queries use (GET /scope/current); staff also see how much their grant holds. A platform
 * list says so only when it is filtered to one provider; otherwise it shows nothing.
 */
export function ScopeLine({ tenant, agentFilter }: ScopeLineProps) {
  const scope = useCurrentScope();
  const data = scope.data;
  if (!data) return null;
  if (data.agentId !== null) {
    if (!tenant) return null;
    const stores =
      data.storeCount === null
        ? ''
        : ` · ${data.storeCount.toLocaleString('zh-CN')}${data.storeCountCapped ? '+' : ''} 家门店`;
    const grant = data.staff && data.grantCount !== null ? ` · 员工授权 ${data.grantCount} 项` : '';
    return (
      <Typography.Text type="secondary" className="resource-scope-line">
        当前范围：{data.agentName ?? '本服务商'}
        {stores}
        {grant}
      </Typography.Text>
    );
  }
  if (!agentFilter) return null;
  return (
    <Typography.Text type="secondary" className="resource-scope-line">
      当前范围：服务商「
      {agentFilter.source ? <ReferenceText source={agentFilter.source} id={agentFilter.id} /> : agentFilter.id}」
    </Typography.Text>
  );
}

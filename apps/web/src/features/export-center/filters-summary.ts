// The filters an export was asked with, as one short line of 导出中心. Names the few that every
// list and report share; the rest are counted (their labels live with each screen's resource).
const named: Record<string, string> = { keyword: '关键词' };

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join('、');
  if (value !== null && typeof value === 'object') {
    const range = value as { from?: unknown; to?: unknown };
    return `${valueText(range.from ?? '')} 至 ${valueText(range.to ?? '')}`;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

export function filtersSummary(filters: Record<string, unknown>): string {
  const parts: string[] = [];
  const { from, to, sort, ...rest } = filters;
  if (typeof from === 'string' && typeof to === 'string') parts.push(`${from} 至 ${to}`);
  let others = 0;
  for (const [key, value] of Object.entries(rest)) {
    if (isEmpty(value)) continue;
    const label = named[key];
    if (label) parts.push(`${label}：${valueText(value)}`);
    else others += 1;
  }
  if (others > 0) parts.push(`其他条件 ${others} 项`);
  if (sort) parts.push('自定义排序');
  return parts.length ? parts.join('；') : '全部记录';
}

export function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

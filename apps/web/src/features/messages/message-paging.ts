import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { totalText } from '../../components/resource/list-state';

/**
 * The paging of a message list (收件箱, 系统消息): where it stands, back to the first page when
 * its filter changes, and the table's pager (the total reads as on every list).
 */
export function useMessagePaging() {
  const [paging, setPaging] = useState({ offset: 1, size: 10 });
  const firstPage = () => setPaging((p) => ({ ...p, offset: 1 }));
  const pagination = (data: { total: number; totalCapped?: boolean } | undefined): TablePaginationConfig => ({
    current: paging.offset,
    pageSize: paging.size,
    total: data?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total) => totalText(total, data?.totalCapped),
    onChange: (offset, size) => setPaging({ offset, size }),
  });
  return { paging, firstPage, pagination };
}

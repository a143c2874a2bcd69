import type { ReactNode } from 'react';
import '../antd-markup.css';

/**
 * antd's `<Card size="small">` markup around the list's search bar and table, styled by the same
 * static antd.css classes. antd's Card module imports Tabs (for `tabList`), 9 KB gzip that a list
 * would load only for this frame.
 */
export function ListCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={`ant-card ant-card-bordered ant-card-small console-markup-card${className ? ` ${className}` : ''}`}>
      <div className="ant-card-body">{children}</div>
    </div>
  );
}

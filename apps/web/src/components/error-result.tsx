import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './antd-markup.css';

interface Props {
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** `warning` for a state that is not a failure, e.g. 暂无权限 (antd's 403 shows an illustration). */
  kind?: 'error' | 'warning';
}

/**
 * antd's `<Result status="error">` markup, styled by the same static antd.css classes. antd's Result
 * module also holds its 403/404/500 illustrations (about 10 KB gzip) that it cannot leave behind, so
 * the list, the shell and the tabbed and tree screens, which never show an illustration, use this instead.
 */
export function ErrorResult({ title, subTitle, extra, kind = 'error' }: Props) {
  return (
    <div className={`ant-result ant-result-${kind} console-markup-result`}>
      <div className="ant-result-icon">{kind === 'error' ? <CloseCircleFilled /> : <WarningFilled />}</div>
      <div className="ant-result-title">{title}</div>
      {subTitle && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra && <div className="ant-result-extra">{extra}</div>}
    </div>
  );
}

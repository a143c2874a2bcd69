import { CloseCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './antd-markup.css';

interface Props {
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * antd's `<Result status="error">` markup, styled by the same static antd.css classes. antd's Result
 * module also holds its 403/404/500 illustrations (about 10 KB gzip) that it cannot leave behind, so
 * the list and the shell, which only ever show the error state, use this instead.
 */
export function ErrorResult({ title, subTitle, extra }: Props) {
  return (
    <div className="ant-result ant-result-error console-markup-result">
      <div className="ant-result-icon">
        <CloseCircleFilled />
      </div>
      <div className="ant-result-title">{title}</div>
      {subTitle && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra && <div className="ant-result-extra">{extra}</div>}
    </div>
  );
}

import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorResult } from '../../components/error-result';
import { reportRenderError } from '../../lib/error-reporter';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** One tab's failure (a chunk that did not load, a render error) stays in that tab, with a retry. */
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('页面渲染失败', error, info.componentStack);
    reportRenderError(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorResult
        title="页面加载失败"
        subTitle="网络不稳定或页面出错，请重试；问题持续时请联系客服。"
        extra={
          <Button type="primary" onClick={this.props.onRetry}>
            重试
          </Button>
        }
      />
    );
  }
}

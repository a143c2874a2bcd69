import { SystemResultPage } from './system-result-page';

export function NotFoundPage() {
  return (
    <SystemResultPage code="404" title="页面不存在" subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。" />
  );
}

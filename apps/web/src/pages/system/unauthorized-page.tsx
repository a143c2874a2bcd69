import { SystemResultPage } from './system-result-page';

export function UnauthorizedPage() {
  return (
    <SystemResultPage code="401" title="没有访问权限" subTitle="当前账号没有访问该页面的权限，如需开通请联系管理员。" />
  );
}

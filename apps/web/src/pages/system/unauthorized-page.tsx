import { SystemResultPage } from './system-result-page';

/** The spec's /401: a screen that exists but is not granted to this operator, and who can grant it. */
export function UnauthorizedPage({ advice }: { advice: string }) {
  return <SystemResultPage code="401" title="无权访问此页面" subTitle={advice} />;
}

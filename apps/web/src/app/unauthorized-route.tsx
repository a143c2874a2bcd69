import { useSearchParams } from 'react-router';
import { UnauthorizedPage } from '../pages/system/unauthorized-page';
import { useSession } from '../stores/session';
import { forbiddenAdvice } from './forbidden-advice';

/** /401: the page, told which screen was refused and so who can grant it (forbidden-advice.ts). */
export function UnauthorizedRoute() {
  const [params] = useSearchParams();
  const adminType = useSession((state) => state.adminType);
  return <UnauthorizedPage advice={forbiddenAdvice(params.get('from'), adminType)} />;
}

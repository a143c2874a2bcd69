import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { loginLogWeb } from '../../resources/login-log';
import { operationLogWeb } from '../../resources/operation-log';
import { LazyOperationLogDetail } from './lazy-operation-log-detail';
import { SignInLocksTab } from './sign-in-locks-tab';

// The detail drawer adds the request and the change table, which only the get endpoint returns.
const operationLogWithDetail = { ...operationLogWeb, detailExtra: LazyOperationLogDetail };

const tabs: readonly ResourceTab[] = [
  {
    key: 'operationLog',
    label: '操作日志',
    permission: 'operationLog.page',
    render: (address) => <ResourceListPage web={operationLogWithDetail} address={address} />,
  },
  {
    key: 'loginLog',
    label: '登录日志',
    permission: 'loginLog.page',
    render: (address) => <ResourceListPage web={loginLogWeb} address={address} />,
  },
  {
    key: 'signInLocks',
    label: '登录锁定',
    permission: 'signInLock.page',
    render: (address) => <SignInLocksTab address={address} />,
  },
];

/** /operationLog/operationLog 操作日志: the platform's operation log, the sign-in log and the sign-in locks. */
export default function OperationLogPage() {
  return <ResourceTabs tabs={tabs} />;
}

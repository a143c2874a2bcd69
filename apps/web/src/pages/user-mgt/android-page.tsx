import { useMemo } from 'react';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { androidWeb } from '../../resources/android-device';
import { companyGroupWeb } from '../../resources/company-group';
import { useDeviceActions } from './android/device-actions';
import { GroupMembers, useMembersAction } from './android/group-members';
import { PushTab } from './android/push-tab';
import { VersionsTab } from './android/versions-tab';

/** /userMgt/android 安卓设备: the terminals, the app releases, pushes to company groups, and the groups. */
export default function AndroidPage() {
  const deviceActions = useDeviceActions('platform');
  const members = useMembersAction();
  const tabs = useMemo((): ResourceTab[] => {
    const devices = { ...androidWeb, rowActions: [...deviceActions.actions, ...androidWeb.rowActions] };
    const groups = {
      ...companyGroupWeb,
      rowActions: [members.action, ...companyGroupWeb.rowActions],
      detailExtra: GroupMembers,
    };
    return [
      {
        key: 'devices',
        label: '设备',
        permission: 'android.page',
        render: (address) => <ResourceListPage web={devices} address={address} />,
      },
      {
        key: 'versions',
        label: '应用版本',
        permission: 'appVersion.page',
        render: (address) => <VersionsTab address={address} />,
      },
      { key: 'push', label: '应用推送', permission: 'appVersion.push', render: () => <PushTab /> },
      {
        key: 'groups',
        label: '公司分组',
        permission: 'companyGroup.page',
        render: (address) => <ResourceListPage web={groups} address={address} />,
      },
    ];
  }, [deviceActions.actions, members.action]);
  return (
    <>
      <ResourceTabs tabs={tabs} />
      {members.element}
      {deviceActions.element}
    </>
  );
}

import { useMemo } from 'react';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { type ResourceTab, ResourceTabs } from '../../components/resource/resource-tabs';
import { agentAndroidWeb } from '../../resources/android-device';
import { agentVoiceCodeWeb } from '../../resources/agent-voice-code';
import { useDeviceActions } from '../user-mgt/android/device-actions';

/** /agentAndroid/agentAndroidMgt 安卓设备 (provider): own terminals, taking paid voice codes, and the codes held. */
export default function AgentAndroidMgtPage() {
  const deviceActions = useDeviceActions('agent');
  const tabs = useMemo((): ResourceTab[] => {
    const devices = { ...agentAndroidWeb, rowActions: [...deviceActions.actions, ...agentAndroidWeb.rowActions] };
    return [
      {
        key: 'devices',
        label: '设备',
        permission: 'agentAndroid.page',
        render: (address) => <ResourceListPage web={devices} address={address} />,
      },
      {
        key: 'voiceCodes',
        label: '语音码',
        permission: 'agentVoiceCode.page',
        render: (address) => <ResourceListPage web={agentVoiceCodeWeb} address={address} />,
      },
    ];
  }, [deviceActions.actions]);
  return (
    <>
      <ResourceTabs tabs={tabs} />
      {deviceActions.element}
    </>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { type EndpointDef, permissionOf } from '@console/contract';
import { useSession } from '../../stores/session';
import { LockableButton, useWriteLock } from '../resource/write-lock';
import { useAskExport } from './ask-export';

/**
 * 导出 on a list or a report: shown only to operators who hold the endpoint's export permission;
 * asks for an export task (导出中心). Locked in a read-only 以服务商身份查看 tab, whose server refuses
 * the task like any write.
 */
export function ExportTaskButton({
  endpoint,
  body,
  messageKey,
}: {
  endpoint: EndpointDef;
  body: Record<string, unknown>;
  /** The success message's key: asking twice replaces it instead of stacking two. */
  messageKey: string;
}) {
  const permissions = useSession((s) => s.permissions);
  const lock = useWriteLock();
  const { ask, busy } = useAskExport(messageKey);
  const permission = permissionOf(endpoint.access);
  if (!permission || !permissions.has(permission)) return null;
  return (
    <LockableButton
      locked={lock(permission)}
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void ask(endpoint, body)}
    >
      导出
    </LockableButton>
  );
}

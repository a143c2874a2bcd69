import {
  type VoiceCode,
  permissionOf,
  voiceCodeEndpoints,
  voiceCodeStatus,
  voiceCodeSumField,
} from '@console/contract';
import { useMemo } from 'react';
import type { ListStats, StatCardDef } from '../../components/resource/list-stats';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { voiceCodeWeb } from '../../resources/voice-code';
import { useAllocateDialog, useCreateBatchDialog, useVoidDialog } from './voice-code-dialogs';

const code = (endpoint: { access: Parameters<typeof permissionOf>[0] }) => permissionOf(endpoint.access) ?? '';
const tones: Partial<Record<number, StatCardDef['tone']>> = { 2: 'success', 3: 'danger' };

// One card per status, each filtering the list to the codes it counts; the total above them.
const stats: ListStats = {
  endpoint: voiceCodeEndpoints.pageSum,
  scope: ['agentId', 'batchNo'],
  cards: [
    { key: 'total', label: '语音码总数', field: 'total', filters: () => ({}) },
    ...voiceCodeStatus.values.map((status) => ({
      key: String(status),
      label: voiceCodeStatus.labels[status],
      field: voiceCodeSumField[status],
      tone: tones[status],
      filters: () => ({ status }),
    })),
  ],
};

const voidable = (row: VoiceCode) => row.status === 0 || row.status === 1;

/** /userMgt/dispatchVoice 语音码派发: codes by status, new batches, allocation to providers, voiding, export. */
export default function DispatchVoicePage() {
  const batch = useCreateBatchDialog();
  const allocate = useAllocateDialog();
  const voiding = useVoidDialog();
  const { open: openBatch } = batch;
  const { open: openAllocate } = allocate;
  const { open: openVoid } = voiding;

  const web = useMemo(
    () => ({
      ...voiceCodeWeb,
      toolbarActions: [
        { key: 'create', label: '生成语音码', permission: code(voiceCodeEndpoints.create), run: () => openBatch([]) },
        {
          key: 'allocate',
          label: '分配给服务商',
          permission: code(voiceCodeEndpoints.allocate),
          run: () => openAllocate([]),
        },
      ],
      rowActions: [
        {
          key: 'void',
          label: '作废',
          danger: true,
          permission: code(voiceCodeEndpoints.void),
          visible: voidable,
          run: (row: VoiceCode) => openVoid([row]),
        },
      ],
      batchActions: [
        {
          key: 'void',
          label: '批量作废',
          danger: true,
          permission: code(voiceCodeEndpoints.void),
          run: (rows: VoiceCode[]) => openVoid(rows),
        },
      ],
    }),
    [openBatch, openAllocate, openVoid],
  );

  return (
    <>
      <ResourceListPage web={web} stats={stats} />
      {batch.element}
      {allocate.element}
      {voiding.element}
    </>
  );
}

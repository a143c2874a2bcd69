import { type CompanyGroup, companyGroupEndpoints, permissionOf } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, List, Typography } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { useActionDialog } from '../../../components/resource/action-dialog';
import type { RowAction } from '../../../components/resource/define-web-resource';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { enterpriseSource } from '../../../components/resource/reference-sources';
import { api } from '../../../lib/api/request';
import { resourceQueryKey } from '../../../lib/api/resource-query-key';

const membersKey = (id: string) => [...resourceQueryKey('companyGroup'), 'members', id];

/** The group's enterprises, below its detail. */
export function GroupMembers({ record }: { record: CompanyGroup }) {
  const members = useQuery({
    queryKey: membersKey(record.id),
    queryFn: ({ signal }) => api(companyGroupEndpoints.members, { query: { id: record.id }, signal }),
  });
  return (
    <List
      header={<Typography.Text strong>分组内企业（{members.data?.length ?? 0}）</Typography.Text>}
      size="small"
      loading={members.isLoading}
      dataSource={members.data ?? []}
      locale={{ emptyText: members.isError ? '加载失败' : '该分组还没有企业' }}
      renderItem={(m) => (
        <List.Item>
          {m.name}
          <Typography.Text type="secondary">{m.agentName}</Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** 设置企业: replaces the group's enterprises with the ones chosen (searched by name). */
export function useMembersAction(): { action: RowAction<CompanyGroup>; element: ReactNode } {
  const { message } = App.useApp();
  // The group's members as read when the dialog opens, its starting selection.
  const current = useRef<string[]>([]);
  const { open, element } = useActionDialog<CompanyGroup, { enterpriseIds: string[] }>({
    title: ([group]) => `设置「${group?.name ?? ''}」的企业`,
    summary: ([group]) => group && `当前 ${group.enterpriseCount} 个企业；保存后以下列企业为准。`,
    initialValues: () => ({ enterpriseIds: current.current }),
    form: (
      <Form.Item name="enterpriseIds" label="企业" extra="推送时，分组内企业所有门店的安卓设备都会收到更新">
        <ReferenceSelect source={enterpriseSource} multiple placeholder="搜索企业名称" />
      </Form.Item>
    ),
    okText: '保存',
    submit: async ([group], values) => {
      if (!group) return;
      await api(companyGroupEndpoints.setMembers, {
        body: { id: group.id, enterpriseIds: values.enterpriseIds ?? [] },
      });
      void message.success(`已更新「${group.name}」的企业`);
    },
  });
  const action = useMemo(
    (): RowAction<CompanyGroup> => ({
      key: 'members',
      label: '设置企业',
      permission: permissionOf(companyGroupEndpoints.setMembers.access) ?? 'companyGroup.update',
      run: async (group) => {
        const members = await api(companyGroupEndpoints.members, { query: { id: group.id } });
        current.current = members.map((m) => m.id);
        return open([group]);
      },
    }),
    [open],
  );
  return { action, element };
}

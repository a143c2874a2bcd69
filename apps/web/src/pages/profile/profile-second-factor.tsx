import { type SecondFactorSetup, type SecondFactorStatus, secondFactorEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Modal, Skeleton, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useActionDialog } from '../../components/resource/action-dialog';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { CodeField, EnrolSetup } from '../../components/second-factor/enrol-setup';
import { RecoveryCodes } from '../../components/second-factor/recovery-codes';
import { api } from '../../lib/api/request';

const KEY = ['profile', 'secondFactor'];
type Code = { code: string };

/** 个人中心 → 两步验证: bind an authenticator app, new recovery codes, or turn it off. */
export function ProfileSecondFactor() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const query = useQuery({ queryKey: KEY, queryFn: () => api(secondFactorEndpoints.status) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const locked = useWriteLocked();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  // The pending key while its dialog is open: the dialog's form shows it.
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);

  const enrolDialog = useActionDialog<SecondFactorSetup, Code>({
    title: () => '绑定验证器',
    summary: () => '绑定后，每次登录在输入密码后还需输入验证器中的动态码。',
    form: setup ? <EnrolSetup setup={setup} /> : null,
    okText: '绑定',
    submit: async (_rows, { code }) => {
      const answer = await api(secondFactorEndpoints.confirm, { body: { code: code.trim() } });
      setCodes(answer.recoveryCodes);
      await refresh();
    },
  });
  const regenerateDialog = useActionDialog<SecondFactorStatus, Code>({
    title: () => '重新生成恢复码',
    summary: () => '原有恢复码将全部失效。请输入当前动态码或一个未用过的恢复码确认。',
    form: <CodeField recovery />,
    okText: '生成',
    submit: async (_rows, { code }) => {
      const answer = await api(secondFactorEndpoints.regenerateRecoveryCodes, { body: { code: code.trim() } });
      setCodes(answer.recoveryCodes);
      await refresh();
    },
  });
  const disableDialog = useActionDialog<SecondFactorStatus, Code>({
    title: () => '停用两步验证',
    summary: () => '停用后登录只需密码，验证器与恢复码立即失效。请输入当前动态码或一个恢复码确认。',
    form: <CodeField recovery />,
    okText: '停用',
    submit: async (_rows, { code }) => {
      await api(secondFactorEndpoints.disable, { body: { code: code.trim() } });
      void message.success('两步验证已停用');
      await refresh();
    },
  });
  const start = async () => {
    setStarting(true);
    try {
      const fresh = await api(secondFactorEndpoints.start, { body: {} });
      setSetup(fresh);
      await enrolDialog.open([fresh]).catch(() => undefined);
    } finally {
      setStarting(false);
      setSetup(null);
    }
  };

  const status = query.data;
  if (query.isError) return <Alert type="error" showIcon title="两步验证状态加载失败" />;
  if (!status) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <div className="profile-form">
      {status.required && !status.enrolled && (
        <Alert type="warning" showIcon title="所属角色要求两步验证，请尽快绑定" className="profile-policy" />
      )}
      <Descriptions column={1} size="small">
        <Descriptions.Item label="状态">
          {status.enrolled ? <Tag color="green">已启用</Tag> : <Tag>未启用</Tag>}
          {status.required && <Tag color="orange">角色要求</Tag>}
        </Descriptions.Item>
        {status.enrolledAt && (
          <Descriptions.Item label="启用时间">{dayjs(status.enrolledAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
        )}
        {status.enrolled && (
          <Descriptions.Item label="剩余恢复码">{`${status.recoveryCodesLeft} 个`}</Descriptions.Item>
        )}
      </Descriptions>
      <Space wrap>
        {status.enrolled ? (
          <>
            <LockableButton locked={locked} onClick={() => void regenerateDialog.open([status]).catch(() => undefined)}>
              重新生成恢复码
            </LockableButton>
            <Tooltip title={status.required && !locked ? '所属角色要求两步验证，不能停用' : undefined}>
              <LockableButton
                locked={locked}
                danger
                disabled={status.required}
                onClick={() => void disableDialog.open([status]).catch(() => undefined)}
              >
                停用两步验证
              </LockableButton>
            </Tooltip>
          </>
        ) : (
          <LockableButton locked={locked} type="primary" loading={starting} onClick={() => void start()}>
            绑定验证器
          </LockableButton>
        )}
      </Space>
      {enrolDialog.element}
      {regenerateDialog.element}
      {disableDialog.element}
      <Modal
        open={codes !== null}
        title="恢复码"
        okText="我已保存"
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setCodes(null)}
        onCancel={() => setCodes(null)}
        maskClosable={false}
      >
        {codes && <RecoveryCodes codes={codes} />}
      </Modal>
    </div>
  );
}

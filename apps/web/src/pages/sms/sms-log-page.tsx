import { type SmsLog, permissionOf, smsLogEndpoints } from '@console/contract';
import { App, Typography } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { smsLogWeb } from '../../resources/sms-log';

const revealCode = permissionOf(smsLogEndpoints.reveal.access) ?? 'smsLog.reveal';
const resendCode = permissionOf(smsLogEndpoints.resend.access) ?? 'smsLog.resend';
const FAILED = 2;

/** /SMS/SMSLog 短信记录: every message the platform sent, secrets masked; the original on a logged request. */
export default function SmsLogPage() {
  const { message, modal } = App.useApp();

  const web = useMemo(() => {
    const actions: RowAction<SmsLog>[] = [
      {
        key: 'reveal',
        label: '查看原文',
        permission: revealCode,
        confirm: () => '原文可能包含初始密码等敏感信息，查看操作会记入操作日志。确定查看吗？',
        run: (sms) =>
          api(smsLogEndpoints.reveal, { query: { id: sms.id } }).then(({ content }) => {
            modal.info({
              title: `短信原文（${sms.phone}）`,
              okText: '关闭',
              content: (
                <Typography.Paragraph copyable={{ text: content }} style={{ whiteSpace: 'pre-wrap' }}>
                  {content}
                </Typography.Paragraph>
              ),
            });
          }),
      },
      {
        key: 'resend',
        label: '重新发送',
        permission: resendCode,
        visible: (sms) => sms.status === FAILED,
        confirm: (sms) => `确定向 ${sms.phone} 重新发送这条短信吗？`,
        run: (sms) =>
          api(smsLogEndpoints.resend, { body: { id: sms.id, version: sms.version } }).then(() => {
            void message.success('已提交发送，结果稍后在列表中更新');
          }),
      },
    ];
    return { ...smsLogWeb, rowActions: actions };
  }, [message, modal]);

  return <ResourceListPage web={web} />;
}

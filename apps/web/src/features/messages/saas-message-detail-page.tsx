import { messageAdminType, sentMessageEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Progress } from 'antd';
import { api } from '../../lib/api/request';
import { dateTime } from './format';
import { MessageDetailCard, useMessageId } from './message-detail-card';
import '../../components/rich-text/rich-text.css';
import './messages.css';
import { messageKeys } from './unread';

/** /profile/saasMessageDetail?id=: a message the platform sent, with who it reached and read counts. */
export default function SaasMessageDetailPage() {
  const { id, valid } = useMessageId();
  const query = useQuery({
    queryKey: [...messageKeys.sent, 'get', id],
    queryFn: () => api(sentMessageEndpoints.get, { query: { id } }),
    enabled: valid,
  });
  return (
    <MessageDetailCard query={query} back={{ to: '/systemMessage/systemMessage', label: '返回系统消息' }}>
      {(m) => {
        const percent = m.recipientCount ? Math.round((m.readCount / m.recipientCount) * 100) : 0;
        return (
          <>
            <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="发送人">{m.senderName}</Descriptions.Item>
              <Descriptions.Item label="发送时间">{dateTime(m.sendTime)}</Descriptions.Item>
              <Descriptions.Item label="接收服务商">
                {m.agents.length ? m.agents.map((a) => a.name).join('、') : '全部服务商'}
              </Descriptions.Item>
              <Descriptions.Item label="接收账号">
                {m.adminTypes.length ? m.adminTypes.map((t) => messageAdminType.labels[t]).join('、') : '全部账号'}
              </Descriptions.Item>
              <Descriptions.Item label="已读" span={2}>
                {m.readCount} / {m.recipientCount}
                <Progress percent={percent} size="small" style={{ maxWidth: 240, marginLeft: 12 }} />
              </Descriptions.Item>
            </Descriptions>
            <div className="message-content" dangerouslySetInnerHTML={{ __html: m.content }} />
          </>
        );
      }}
    </MessageDetailCard>
  );
}

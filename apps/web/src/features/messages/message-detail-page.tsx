import { receivedMessageEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api/request';
import { dateTime } from './format';
import './messages.css';
import { messageKeys, refreshUnread } from './unread';

/** /profile/messageDetail?id=: one received message; opening it marks it read. */
export default function MessageDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...messageKeys.inbox, 'get', id],
    queryFn: () => api(receivedMessageEndpoints.get, { query: { id } }),
    enabled: /^\d+$/.test(id),
  });
  const unread = query.data?.status === 0;

  useEffect(() => {
    if (!unread) return;
    api(receivedMessageEndpoints.read, { query: { id } })
      .then(() => {
        void refreshUnread();
        void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
      })
      .catch(() => undefined);
  }, [unread, id, queryClient]);

  const back = (
    <Button onClick={() => void navigate('/profile/systemMsg')} type="link">
      返回消息列表
    </Button>
  );
  if (query.isLoading) return <Card>{<Skeleton active />}</Card>;
  if (!query.data) {
    return (
      <Card extra={back}>
        <Empty description="消息不存在或已被删除" />
      </Card>
    );
  }
  const m = query.data;
  return (
    <Card title={m.messageTitle} extra={back}>
      <Typography.Paragraph type="secondary">
        发送人：{m.senderName || '平台'}
        {'\u3000'}接收时间：{dateTime(m.receiveTime)}
      </Typography.Paragraph>
      {/* Sanitised by the server's allow-list before it was stored. */}
      <div className="message-content" dangerouslySetInnerHTML={{ __html: m.content }} />
    </Card>
  );
}

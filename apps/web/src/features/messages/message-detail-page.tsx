import { consoleLink, receivedMessageEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api/request';
import { useViewAs } from '../../stores/view-as';
import { dateTime } from './format';
import { MessageDetailCard, useMessageId } from './message-detail-card';
import '../../components/rich-text/rich-text.css';
import './messages.css';
import { messageKeys, refreshUnread } from './unread';

/**
 * The message's 前往查看: only a path inside the console is followed (the server checks it when
 * writing, this again when reading); navigating there opens its screen as a tab.
 */
function MessageLink({ link, onOpen }: { link: string | null; onOpen: (to: string) => void }) {
  const to = link === null ? null : consoleLink.safeParse(link).data;
  if (!to) return null;
  return (
    <Button type="primary" className="message-link" onClick={() => onOpen(to)}>
      前往查看
    </Button>
  );
}

/** /profile/messageDetail?id=: one received message; opening it marks it read. */
export default function MessageDetailPage() {
  const { id, valid } = useMessageId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [...messageKeys.inbox, 'get', id],
    queryFn: () => api(receivedMessageEndpoints.get, { query: { id } }),
    enabled: valid,
  });
  const unread = query.data?.status === 0;
  // 以服务商身份查看 reads the provider's message without marking it read (the server refuses it in either mode).
  const viewing = useViewAs((s) => s.active);

  useEffect(() => {
    if (!unread || viewing) return;
    api(receivedMessageEndpoints.read, { query: { id } })
      .then(() => {
        void refreshUnread();
        void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
      })
      .catch(() => undefined);
  }, [unread, viewing, id, queryClient]);

  return (
    <MessageDetailCard query={query} back={{ to: '/profile/systemMsg', label: '返回消息列表' }}>
      {(m) => (
        <>
          <Typography.Paragraph type="secondary">
            发送人：{m.senderName || '平台'}
            {'\u3000'}接收时间：{dateTime(m.receiveTime)}
          </Typography.Paragraph>
          {/* Sanitised by the server's allow-list before it was stored. */}
          <div className="message-content" dangerouslySetInnerHTML={{ __html: m.content }} />
          <MessageLink link={m.link} onOpen={(to) => void navigate(to)} />
        </>
      )}
    </MessageDetailCard>
  );
}

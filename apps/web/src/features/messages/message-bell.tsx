import { BellOutlined } from '@ant-design/icons';
import { receivedMessageEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popover, Spin, Tooltip } from 'antd';
import { CountBadge } from '../../components/count-badge';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import './messages.css';
import { messageKeys, refreshUnread } from './unread';

// The list of unread messages loads when the bell is first opened.
const MessageBellPanel = lazy(() =>
  import('./message-bell-panel').then((module) => ({ default: module.MessageBellPanel })),
);

/**
 * The navbar's system-message bell, for every signed-in operator: platform admins, provider admins
 * and staff all receive system notices (issue 31), each their own.
 */
export function MessageBell() {
  const adminType = useSession((s) => s.adminType);
  if (adminType === null) return null;
  return <Bell />;
}

/**
 * What a screen reader is told, politely (after what it is reading): a message that arrived since
 * the bell last looked, i.e. a new newest unread while the count grew. Reading one or all says nothing.
 */
function useArrival(count: number, newest: { id: string; messageTitle: string } | undefined): string {
  const [seen, setSeen] = useState({ count, id: newest?.id });
  const [said, setSaid] = useState('');
  if (seen.count !== count || seen.id !== newest?.id) {
    setSeen({ count, id: newest?.id });
    if (newest && count > seen.count && newest.id !== seen.id) setSaid(`收到新的系统消息：${newest.messageTitle}`);
  }
  return said;
}

function Bell() {
  const count = useSession((s) => s.notReadNumber);
  const list = useSession((s) => s.notReadMessageList);
  const arrival = useArrival(count, list[0]);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // 以服务商身份查看 reads the provider's messages without marking them read (the server refuses it in either mode).
  const viewing = useViewAs((s) => s.active);

  useEffect(() => {
    void refreshUnread();
  }, []);

  const afterChange = () => {
    void refreshUnread();
    void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
  };

  const openDetail = (id: string) => {
    setOpen(false);
    if (!viewing) {
      void api(receivedMessageEndpoints.read, { query: { id } })
        .then(afterChange)
        .catch(() => undefined);
    }
    void navigate(`/profile/messageDetail?id=${encodeURIComponent(id)}`);
  };

  const readAll = () => {
    void api(receivedMessageEndpoints.allRead)
      .then(afterChange)
      .catch(() => undefined);
  };

  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <MessageBellPanel
        list={list}
        count={count}
        onOpen={openDetail}
        onReadAll={readAll}
        onShowAll={() => {
          setOpen(false);
          void navigate('/profile/systemMsg');
        }}
      />
    </Suspense>
  );

  return (
    <>
      <span className="message-bell-live" role="status" aria-live="polite">
        {arrival}
      </span>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={`系统消息（${count} 条未读）`}
        content={content}
        open={open}
        onOpenChange={setOpen}
      >
        <Tooltip title="系统消息">
          <Button type="text" className="console-navbar-button" aria-label="系统消息">
            <CountBadge count={count} overflowCount={99}>
              <BellOutlined />
            </CountBadge>
          </Button>
        </Tooltip>
      </Popover>
    </>
  );
}

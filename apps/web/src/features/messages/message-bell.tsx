import { BellOutlined } from '@ant-design/icons';
import { receivedMessageEndpoints } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';
import { monthDay } from './format';
import './messages.css';
import { messageKeys, refreshUnread } from './unread';

/** The navbar's system-message bell: provider administrators (adminType 1) only (spec section 1). */
export function MessageBell() {
  const adminType = useSession((s) => s.adminType);
  if (adminType !== 1) return null;
  return <Bell />;
}

function Bell() {
  const count = useSession((s) => s.notReadNumber);
  const list = useSession((s) => s.notReadMessageList);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    void refreshUnread();
  }, []);

  const afterChange = () => {
    void refreshUnread();
    void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
  };

  const openDetail = (id: string) => {
    setOpen(false);
    void api(receivedMessageEndpoints.read, { query: { id } })
      .then(afterChange)
      .catch(() => undefined);
    void navigate(`/profile/messageDetail?id=${encodeURIComponent(id)}`);
  };

  const readAll = () => {
    void api(receivedMessageEndpoints.allRead)
      .then(afterChange)
      .catch(() => undefined);
  };

  const content = (
    <div className="message-bell-panel">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(item) => (
            <List.Item key={item.id} className="message-bell-item" onClick={() => openDetail(item.id)}>
              <span className="message-bell-title">{item.messageTitle}</span>
              <time dateTime={item.receiveTime}>{monthDay(item.receiveTime)}</time>
            </List.Item>
          )}
        />
      )}
      <div className="message-bell-actions">
        <Button type="link" size="small" disabled={count === 0} onClick={readAll}>
          全部已读
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            void navigate('/profile/systemMsg');
          }}
        >
          查看全部
        </Button>
      </div>
    </div>
  );

  return (
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
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}

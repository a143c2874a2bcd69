import { Button, Empty, List } from 'antd';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import type { SessionState } from '../../stores/session';
import { monthDay } from './format';

interface Props {
  list: SessionState['notReadMessageList'];
  count: number;
  onOpen: (id: string) => void;
  onReadAll: () => void;
  onShowAll: () => void;
}

/** The bell's popover: the unread messages, 全部已读 and 查看全部 (its own chunk, see message-bell.tsx). */
export function MessageBellPanel({ list, count, onOpen, onReadAll, onShowAll }: Props) {
  const locked = useWriteLocked();
  return (
    <div className="message-bell-panel">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(item) => (
            <List.Item key={item.id} className="message-bell-item" onClick={() => onOpen(item.id)}>
              <span className="message-bell-title">{item.messageTitle}</span>
              <time dateTime={item.receiveTime}>{monthDay(item.receiveTime)}</time>
            </List.Item>
          )}
        />
      )}
      <div className="message-bell-actions">
        <LockableButton locked={locked} type="link" size="small" disabled={count === 0} onClick={onReadAll}>
          全部已读
        </LockableButton>
        <Button type="link" size="small" onClick={onShowAll}>
          查看全部
        </Button>
      </div>
    </div>
  );
}

import { type ReceivedMessageRow, messageStatus, receivedMessageEndpoints } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LockableButton, LockedButton, useWriteLocked } from '../../components/resource/write-lock';
import { api } from '../../lib/api/request';
import { dateTime } from './format';
import { useMessagePaging } from './message-paging';
import type { MessageView } from './message-view';
import { messageKeys, refreshUnread } from './unread';

type StatusTab = 'all' | '0' | '1';

/** A row's 标为已读 and 删除: disabled with the reason while `locked`. */
function InboxWrites(props: {
  row: ReceivedMessageRow;
  locked: string | undefined;
  act: (run: () => Promise<unknown>, done: string) => void;
}) {
  const { row, locked, act } = props;
  if (locked) {
    return (
      <>
        {row.status === 0 && (
          <LockedButton locked={locked} type="link" size="small">
            标为已读
          </LockedButton>
        )}
        <LockedButton locked={locked} type="link" size="small" danger>
          删除
        </LockedButton>
      </>
    );
  }
  return (
    <>
      {row.status === 0 && (
        <a onClick={() => act(() => api(receivedMessageEndpoints.read, { query: { id: row.id } }), '已标记为已读')}>
          标为已读
        </a>
      )}
      <Popconfirm
        title="确定删除这条消息吗？"
        okText="删除"
        cancelText="取消"
        onConfirm={() => act(() => api(receivedMessageEndpoints.delete, { query: { id: row.id } }), '删除成功')}
      >
        <a className="ant-typography-danger">删除</a>
      </Popconfirm>
    </>
  );
}

/** An operator's own 系统消息 (any account): every message they received, by status, with paging. */
export function useInboxMessages(): MessageView<ReceivedMessageRow> {
  const [tab, setTab] = useState<StatusTab>('all');
  const { paging, firstPage, pagination } = useMessagePaging();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const status = tab === 'all' ? undefined : (Number(tab) as 0 | 1);
  // Marking read and deleting change the inbox: locked in a read-only 以服务商身份查看 tab.
  const locked = useWriteLocked();

  const query = useQuery({
    queryKey: [...messageKeys.inbox, 'page', tab, paging],
    queryFn: () => api(receivedMessageEndpoints.page, { body: { ...paging, status } }),
    placeholderData: keepPreviousData,
  });

  // A read or a delete changes both the list and the bell's unread count.
  const act = (run: () => Promise<unknown>, done: string) => {
    run()
      .then(() => {
        void message.success(done);
        void refreshUnread();
        void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
      })
      .catch(() => undefined);
  };
  const detail = (id: string) => void navigate(`/profile/messageDetail?id=${id}`);

  const columns = [
    {
      title: '标题',
      dataIndex: 'messageTitle',
      render: (title: string, row: ReceivedMessageRow) => <a onClick={() => detail(row.id)}>{title}</a>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: 0 | 1) => <Tag color={s === 0 ? 'red' : 'default'}>{messageStatus.labels[s]}</Tag>,
    },
    { title: '接收时间', dataIndex: 'receiveTime', width: 180, render: (v: string) => dateTime(v) },
    {
      title: '操作',
      width: 180,
      render: (_: unknown, row: ReceivedMessageRow) => (
        <Space>
          <a onClick={() => detail(row.id)}>查看</a>
          <InboxWrites row={row} locked={locked} act={act} />
        </Space>
      ),
    },
  ];

  return {
    extra: (
      <LockableButton
        locked={locked}
        onClick={() => act(() => api(receivedMessageEndpoints.allRead), '已全部标记为已读')}
      >
        全部已读
      </LockableButton>
    ),
    filter: (
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as StatusTab);
          firstPage();
        }}
        items={[
          { key: 'all', label: '全部' },
          { key: '0', label: '未读' },
          { key: '1', label: '已读' },
        ]}
      />
    ),
    rows: query.data?.list ?? [],
    loading: query.isFetching,
    columns,
    pagination: pagination(query.data),
  };
}

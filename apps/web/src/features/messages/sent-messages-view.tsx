import { type SentMessageRow, messageAdminType, sentMessageEndpoints } from '@console/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Progress, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api/request';
import { usePermission } from '../../stores/session';
import { ComposeDrawer } from './compose-drawer';
import { dateTime } from './format';
import { useMessagePaging } from './message-paging';
import type { MessageView } from './message-view';
import { messageKeys } from './unread';

/** The platform's 系统消息: compose, search by title, the sent list with read counts. */
export function useSentMessages(): MessageView<SentMessageRow> {
  const { paging, firstPage, pagination } = useMessagePaging();
  const [title, setTitle] = useState('');
  const [composing, setComposing] = useState(false);
  const canCreate = usePermission('saasMessage.create');
  const canDelete = usePermission('saasMessage.delete');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const query = useQuery({
    queryKey: [...messageKeys.sent, 'page', paging, title],
    queryFn: () => api(sentMessageEndpoints.page, { body: { ...paging, messageTitle: title || undefined } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.sent });
  const detail = (id: string) => void navigate(`/profile/saasMessageDetail?id=${id}`);
  const remove = (id: string) => {
    api(sentMessageEndpoints.delete, { query: { id } })
      .then(() => {
        void message.success('删除成功');
        refresh();
      })
      .catch(() => undefined);
  };

  const columns = [
    {
      title: '标题',
      dataIndex: 'messageTitle',
      render: (t: string, row: SentMessageRow) => <a onClick={() => detail(row.id)}>{t}</a>,
    },
    {
      title: '接收范围',
      render: (_: unknown, row: SentMessageRow) =>
        `${row.agentIds.length ? `${row.agentIds.length} 个服务商` : '全部服务商'} · ${
          row.adminTypes.length ? row.adminTypes.map((t) => messageAdminType.labels[t]).join('、') : '全部账号'
        }`,
    },
    {
      title: '已读 / 接收',
      width: 200,
      render: (_: unknown, row: SentMessageRow) => (
        <Space>
          <span>
            {row.readCount} / {row.recipientCount}
          </span>
          <Progress
            percent={row.recipientCount ? Math.round((row.readCount / row.recipientCount) * 100) : 0}
            size="small"
            style={{ width: 80 }}
          />
        </Space>
      ),
    },
    { title: '发送人', dataIndex: 'senderName', width: 120 },
    { title: '发送时间', dataIndex: 'sendTime', width: 170, render: (v: string) => dateTime(v) },
    {
      title: '操作',
      width: 120,
      render: (_: unknown, row: SentMessageRow) => (
        <Space>
          <a onClick={() => detail(row.id)}>查看</a>
          {canDelete && (
            <Popconfirm
              title="删除后服务商将看不到这条消息，确定删除吗？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => remove(row.id)}
            >
              <a>删除</a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return {
    extra: canCreate && (
      <Button type="primary" onClick={() => setComposing(true)}>
        发送消息
      </Button>
    ),
    // In the body, not beside the title: at 390 px the head has room for the title and one button.
    filter: (
      <div className="message-toolbar">
        <Input.Search
          allowClear
          placeholder="按标题搜索"
          onSearch={(v) => {
            setTitle(v.trim());
            firstPage();
          }}
        />
      </div>
    ),
    rows: query.data?.list ?? [],
    loading: query.isFetching,
    columns,
    pagination: pagination(query.data),
    aside: <ComposeDrawer open={composing} onClose={() => setComposing(false)} onSent={refresh} />,
  };
}

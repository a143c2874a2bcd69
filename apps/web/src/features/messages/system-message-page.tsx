import { Card, Table } from 'antd';
import { useState } from 'react';
import { useInboxMessages } from './inbox-messages-view';
import type { MessageView } from './message-view';
import './messages.css';
import { useSentMessages } from './sent-messages-view';

/**
 * Which 系统消息 screen: the platform's (what it sent, and beside it the admin's own inbox) or an
 * operator's own inbox (every account, platform or provider).
 */
export type MessageAudience = 'platform' | 'inbox';

type PlatformBox = 'sent' | 'inbox';

interface BoxTabs {
  active: PlatformBox;
  onChange: (box: PlatformBox) => void;
}

const PLATFORM_BOXES = [
  { key: 'sent', label: '已发送' },
  { key: 'inbox', label: '我收到的' },
];

function MessageTable<Row extends { id: string }>({ view, tabs }: { view: MessageView<Row>; tabs?: BoxTabs }) {
  return (
    <Card
      title="系统消息"
      extra={view.extra}
      {...(tabs
        ? {
            tabList: PLATFORM_BOXES,
            activeTabKey: tabs.active,
            onTabChange: (key: string) => tabs.onChange(key === 'inbox' ? 'inbox' : 'sent'),
          }
        : {})}
    >
      {view.filter}
      <Table<Row>
        rowKey="id"
        loading={view.loading}
        dataSource={view.rows}
        columns={view.columns}
        // Columns keep their natural width and the table scrolls sideways on a phone.
        scroll={{ x: 'max-content' }}
        pagination={view.pagination}
      />
      {view.aside}
    </Card>
  );
}

// One component per list so each calls its own hooks unconditionally.
function SentMessages({ tabs }: { tabs?: BoxTabs }) {
  return <MessageTable view={useSentMessages()} tabs={tabs} />;
}
function InboxMessages({ tabs }: { tabs?: BoxTabs }) {
  return <MessageTable view={useInboxMessages()} tabs={tabs} />;
}

/** The platform's screen: 已发送 (compose, read counts) and the admin's own notices side by side. */
function PlatformMessages() {
  const [box, setBox] = useState<PlatformBox>('sent');
  const tabs = { active: box, onChange: setBox };
  return box === 'sent' ? <SentMessages tabs={tabs} /> : <InboxMessages tabs={tabs} />;
}

/**
 * 系统消息: /systemMessage/systemMessage (platform: compose, sent list with read counts, and its
 * own inbox as a second tab) and /profile/systemMsg (any operator: their own inbox by status).
 */
export function SystemMessagePage({ audience }: { audience: MessageAudience }) {
  return audience === 'platform' ? <PlatformMessages /> : <InboxMessages />;
}

/** Route entries (app/screens.ts loads a default-less module through these). */
export const PlatformSystemMessagePage = () => <SystemMessagePage audience="platform" />;
export const InboxSystemMessagePage = () => <SystemMessagePage audience="inbox" />;

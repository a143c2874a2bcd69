import { Card, Table } from 'antd';
import { useInboxMessages } from './inbox-messages-view';
import type { MessageView } from './message-view';
import './messages.css';
import { useSentMessages } from './sent-messages-view';

/** Who reads the page: the platform sees what it sent, a provider's operator what they received. */
export type MessageAudience = 'platform' | 'agent';

function MessageTable<Row extends { id: string }>({ view }: { view: MessageView<Row> }) {
  return (
    <Card title="系统消息" extra={view.extra}>
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

// One component per audience so each calls its own hooks unconditionally.
function PlatformMessages() {
  return <MessageTable view={useSentMessages()} />;
}
function AgentMessages() {
  return <MessageTable view={useInboxMessages()} />;
}

/**
 * 系统消息 for both audiences: /systemMessage/systemMessage (platform: compose, sent list with read
 * counts) and /profile/systemMsg (provider: the operator's inbox by status).
 */
export function SystemMessagePage({ audience }: { audience: MessageAudience }) {
  return audience === 'platform' ? <PlatformMessages /> : <AgentMessages />;
}

/** Route entries (layout/screens.ts loads a default-less module through these). */
export const PlatformSystemMessagePage = () => <SystemMessagePage audience="platform" />;
export const AgentSystemMessagePage = () => <SystemMessagePage audience="agent" />;

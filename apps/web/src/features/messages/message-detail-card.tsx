import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The `?id=` of a message page, and whether it can name a message at all (digits). */
export function useMessageId(): { id: string; valid: boolean } {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return { id, valid: /^\d+$/.test(id) };
}

/**
 * A message's page (received or sent): loading, 消息不存在或已被删除, or the message under its
 * title, always with the way back to its list.
 */
export function MessageDetailCard<M extends { messageTitle: string }>(props: {
  query: UseQueryResult<M>;
  back: { to: string; label: string };
  children: (message: M) => ReactNode;
}) {
  const { query, back, children } = props;
  const navigate = useNavigate();
  const backLink = (
    <Button type="link" onClick={() => void navigate(back.to)}>
      {back.label}
    </Button>
  );
  if (query.isLoading) return <Card>{<Skeleton active />}</Card>;
  if (!query.data) {
    return (
      <Card extra={backLink}>
        <Empty description="消息不存在或已被删除" />
      </Card>
    );
  }
  return (
    <Card title={query.data.messageTitle} extra={backLink}>
      {children(query.data)}
    </Card>
  );
}

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateChanged } from './invalidate-changed';

const key = ['resource', 'lockCommand', 'page', { page: 1 }];

/** A list whose server answers are released by hand, in the order the test chooses. */
function openList(client: QueryClient) {
  const answers: ((rows: string) => void)[] = [];
  const observer = new QueryObserver<string>(client, {
    queryKey: key,
    queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { answers, observer, unsubscribe };
}

describe('invalidateChanged', () => {
  it('refetches a list whose first fetch read before the change, instead of keeping its answer', async () => {
    const client = new QueryClient();
    const list = openList(client);
    expect(list.answers).toHaveLength(1);
    // The change commits and is announced while the first read is still on its way.
    const done = invalidateChanged(client, ['resource', 'lockCommand']);
    list.answers[0]?.('执行中');
    await expect.poll(() => list.answers.length).toBe(2);
    list.answers[1]?.('成功');
    await done;
    expect(list.observer.getCurrentResult().data).toBe('成功');
    list.unsubscribe();
  });

  it('refetches a list that already shows rows, and leaves other resources alone', async () => {
    const client = new QueryClient();
    const list = openList(client);
    list.answers[0]?.('执行中');
    await expect.poll(() => list.observer.getCurrentResult().data).toBe('执行中');
    client.setQueryData(['resource', 'store', 'page', {}], '门店');
    const done = invalidateChanged(client, ['resource', 'lockCommand']);
    await expect.poll(() => list.answers.length).toBe(2);
    list.answers[1]?.('成功');
    await done;
    expect(list.observer.getCurrentResult().data).toBe('成功');
    expect(client.getQueryState(['resource', 'store', 'page', {}])?.isInvalidated).toBe(false);
    list.unsubscribe();
  });
});

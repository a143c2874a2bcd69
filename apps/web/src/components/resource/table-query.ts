import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A ResourceTable's loading and error props from the query that feeds it. Loading means no rows of
 * this query yet (the first answer, or another page while the last one is shown): a poll or a
 * refetch after a change keeps the rows on screen without a spinner.
 */
export function tableQueryState(query: UseQueryResult) {
  return {
    loading: query.isPending || query.isPlaceholderData,
    error: query.error,
    onRetry: () => query.refetch(),
  };
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api/request';
import { FeedbackBridge } from '../lib/api/feedback';
import { ThemeProvider } from '../components/theme-provider';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request (errCode ≠ 0) answers the same way again; only network failures retry once.
        retry: (count, error) => !(error instanceof ApiError) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
}

/** Server state, theme (antd locale, colour, size, App context) and the request client's feedback bridge. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <FeedbackBridge />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}

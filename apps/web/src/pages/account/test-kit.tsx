import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider';

type Answer = { errCode: number; errMsg: string; data: unknown; fieldErrors?: Record<string, string> };
export const ok = (data: unknown): Answer => ({ errCode: 0, errMsg: '成功', data });

export interface Call {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** Answers API calls by path (without /api) and records each call's path, query and body. */
export function serve(answers: Record<string, (call: Call) => Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const parsed = new URL(url, 'http://x');
      const call = { path: parsed.pathname.replace(/^\/api/, ''), query: parsed.searchParams, body };
      calls.push(call);
      return Promise.resolve(new Response(JSON.stringify(answers[call.path]?.(call) ?? ok(null))));
    }),
  );
  return calls;
}

export function renderWithProviders(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>{node}</ThemeProvider>
    </QueryClientProvider>,
  );
}

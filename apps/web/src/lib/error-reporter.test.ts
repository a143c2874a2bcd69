import { afterEach, describe, expect, it, vi } from 'vitest';

// The queue is what loads with the first error; here it records what it is handed.
const handed = vi.hoisted(() => [] as { message: string; level: number | undefined; url: string | undefined }[]);
vi.mock('./error-report-queue', () => ({
  sendReport: () => Promise.resolve(),
  createReporter: () => ({
    report: (error: unknown, level?: 2 | 3, url?: string) =>
      handed.push({ message: error instanceof Error ? error.message : String(error), level, url }),
    flush: () => Promise.resolve(),
  }),
}));

describe('error reporter (the part every page loads)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reports nothing before it is installed, then hands each error to the queue with where it happened', async () => {
    const { installErrorReporter, reportRenderError } = await import('./error-reporter');
    reportRenderError(new Error('before install'));

    vi.stubEnv('PROD', true);
    installErrorReporter();
    window.history.replaceState(null, '', '/userMgt/IPRestrictions?page=2');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught') }));
    window.history.replaceState(null, '', '/elsewhere');
    reportRenderError(new Error('render'));

    await vi.waitFor(() => expect(handed).toHaveLength(2));
    expect(handed).toEqual([
      { message: 'uncaught', level: 2, url: '/userMgt/IPRestrictions?page=2' },
      { message: 'render', level: 3, url: '/elsewhere' },
    ]);
  });
});

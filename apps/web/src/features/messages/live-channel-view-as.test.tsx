import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import { LiveChannel } from './live-channel';
import type { SocketFactory, SocketLike } from './socket-client';

function renderChannel(create: SocketFactory) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <App>
          <LiveChannel create={create} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A socket that never opens: enough to see whether the channel asked for one. */
function quietSocket(): SocketLike {
  return { readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send: vi.fn(), close: vi.fn() };
}

describe('the live channel in a 以服务商身份查看 tab', () => {
  beforeEach(() => {
    useSession.setState({
      token: 'session-token',
      adminType: 0,
      userInfo: { id: '7', name: '管理员', loginName: 'admin', agentId: null, headImg: '' },
    });
  });
  afterEach(() => {
    cleanup();
    useViewAs.setState({ active: false });
  });

  it('opens the operator’s own socket in an ordinary tab', () => {
    const create = vi.fn<SocketFactory>(quietSocket);
    renderChannel(create);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('opens none in a view-as tab, whose token the socket refuses', () => {
    useViewAs.setState({ active: true });
    const create = vi.fn<SocketFactory>(quietSocket);
    renderChannel(create);
    expect(create).not.toHaveBeenCalled();
  });
});

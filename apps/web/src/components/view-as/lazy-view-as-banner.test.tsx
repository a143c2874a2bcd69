import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useViewAs } from '../../stores/view-as';
import { LazyViewAsBanner } from './lazy-view-as-banner';

describe('the shell’s view-as banner slot', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useViewAs.setState({ active: false, session: null, ended: false });
  });

  it('renders nothing and asks the server nothing outside a view-as tab', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useViewAs.setState({ active: false, session: null, ended: false });
    const { container } = render(
      <App>
        <LazyViewAsBanner />
      </App>,
    );
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the banner in a view-as tab', async () => {
    // The view's account never answers here: the banner shows its generic line meanwhile.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    useViewAs.setState({ active: true, session: null, ended: false });
    render(
      <App>
        <LazyViewAsBanner />
      </App>,
    );
    expect(await screen.findByText('正在以服务商身份查看')).toBeTruthy();
  });
});

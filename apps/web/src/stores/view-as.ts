import { type ViewAsSession, viewAsOwnEndpoints } from '@console/contract';
import { create } from 'zustand';
import { api, configureSessionHooks } from '../lib/api/request';
import { forgetViewAsToken, isViewAsTab } from '../lib/view-as-tab';

export interface ViewAsState {
  /** This tab is a view-as tab (以服务商身份查看), from its first load on. */
  active: boolean;
  /** The server's account of the view, once loaded. */
  session: ViewAsSession | null;
  /** Over: 退出, its 30 minutes, or the admin's sign-out (401110). */
  ended: boolean;
  load: () => Promise<void>;
  /** 退出: ends the view on the server, then here. */
  end: () => Promise<void>;
  markEnded: () => void;
}

export const useViewAs = create<ViewAsState>()((set, get) => ({
  active: isViewAsTab(),
  session: null,
  ended: false,
  load: async () => {
    if (!get().active || get().ended) return;
    const session = await api(viewAsOwnEndpoints.current, { quiet: true });
    set({ session });
  },
  end: async () => {
    // Already over on the server answers 401110, which ends it here too (the request client's hook).
    await api(viewAsOwnEndpoints.end, { body: {}, quiet: true }).catch(() => undefined);
    get().markEnded();
  },
  markEnded: () => {
    forgetViewAsToken();
    set({ ended: true });
  },
}));

/**
 * The one flag the machinery's write buttons read: in a view-as tab, writes are locked until the
 * server says the view is in write mode (an unknown mode counts as read-only).
 */
export function selectReadOnly(state: ViewAsState): boolean {
  return state.active && (state.ended || state.session?.mode !== 'write');
}

configureSessionHooks({ viewAsEnded: () => useViewAs.getState().markEnded() });

import type { ViewAsSession } from '@console/contract';
import { useViewAs } from './view-as';

/** The server's account of a running 以服务商身份查看 of 成都蜀联, in the given mode, a minute left. */
export function viewAsSession(mode: ViewAsSession['mode']): ViewAsSession {
  return {
    agentId: '12',
    agentName: '成都蜀联',
    mode,
    reason: mode === 'write' ? '协助修改' : null,
    startedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    adminName: '平台管理员',
    adminLoginName: 'admin',
  };
}

/** Makes this test's tab a view-as tab in `mode`, or an ordinary tab. */
export function openViewAsTab(mode: ViewAsSession['mode'] | 'normal'): void {
  useViewAs.setState(
    mode === 'normal'
      ? { active: false, session: null, ended: false }
      : { active: true, session: viewAsSession(mode), ended: false },
  );
}

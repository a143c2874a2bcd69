import { viewAsModeLabels } from '@console/contract';
import { Alert, Button, Result, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useViewAs } from '../../stores/view-as';
import './view-as.css';

/** mm:ss of what is left, never below 00:00. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** Closes a tab the console opened; a browser that refuses leaves the ended page in place. */
function closeTab() {
  window.close();
}

/**
 * The persistent line atop a 以服务商身份查看 tab: whose console, the mode, the time left and 退出.
 * Once the view is over (退出, its 30 minutes, the admin's sign-out) the whole tab says so and
 * offers to close; it never turns into the admin's own console.
 */
export function ViewAsBanner() {
  const { active, session, ended, load, end, markEnded } = useViewAs();
  const [leaving, setLeaving] = useState(false);
  const now = useNow(active && !ended);
  useEffect(() => {
    if (active) void load().catch(() => undefined);
  }, [active, load]);
  const left = session ? Date.parse(session.expiresAt) - now : null;
  useEffect(() => {
    if (left !== null && left <= 0 && !ended) markEnded();
  }, [left, ended, markEnded]);
  if (!active) return null;
  if (ended) {
    return (
      <div className="view-as-ended" role="alertdialog" aria-label="查看已结束">
        <Result
          status="info"
          title="查看已结束"
          subTitle="以服务商身份查看已结束，此标签页不再能访问该服务商的数据。"
          extra={
            <Button type="primary" onClick={closeTab}>
              关闭标签页
            </Button>
          }
        />
      </div>
    );
  }
  const exit = () => {
    setLeaving(true);
    void end().then(closeTab);
  };
  return (
    <Alert
      className="view-as-banner"
      type={session?.mode === 'write' ? 'warning' : 'info'}
      banner
      showIcon
      title={
        session ? (
          <Space size={4} wrap>
            <span>正在以「{session.agentName}」身份查看</span>
            <span>·</span>
            <span>{viewAsModeLabels[session.mode]}</span>
            <span>·</span>
            <span>剩余 {formatRemaining(left ?? 0)}</span>
            {session.reason && <span>（原因：{session.reason}）</span>}
          </Space>
        ) : (
          '正在以服务商身份查看'
        )
      }
      action={
        <Button size="small" loading={leaving} onClick={exit}>
          退出
        </Button>
      }
    />
  );
}

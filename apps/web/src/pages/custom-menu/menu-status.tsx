import { type CustomMenu, menuPublishStatus } from '@console/contract';
import { Alert, Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';

const colours: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
const time = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '');

interface Props {
  menu: CustomMenu;
  dirty: boolean;
  /** Offered when WeChat's live menu (last sync) differs from the draft. */
  onLoadLive?: () => void;
}

/** Where the menu stands: publication state, WeChat's reason for a failure, unsaved changes, the live menu. */
export function MenuStatus({ menu, dirty, onLoadLive }: Props) {
  const label = menuPublishStatus.labels[menu.publishStatus];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap size={[12, 4]}>
        <span>
          发布状态：<Tag color={colours[menu.publishStatus]}>{label}</Tag>
        </span>
        {menu.publishedAt && <span className="menu-status-muted">上次发布 {time(menu.publishedAt)}</span>}
        {menu.updatedAt && <span className="menu-status-muted">草稿保存于 {time(menu.updatedAt)}</span>}
        {dirty && <Tag color="orange">有未保存的修改</Tag>}
      </Space>
      {menu.publishStatus === 1 && (
        <Alert type="info" showIcon title="已提交微信，等待微信答复（通常几秒内），结果会自动显示" />
      )}
      {menu.publishStatus === 3 && (
        <Alert
          type="error"
          showIcon
          title={`发布失败：${menu.publishError || '微信未说明原因'}`}
          description="草稿已保留，修改后可重新发布。"
        />
      )}
      {onLoadLive && (
        <Alert
          type="warning"
          showIcon
          title={`微信端当前菜单与草稿不同（同步于 ${time(menu.liveSyncedAt)}）`}
          action={
            <Button size="small" onClick={onLoadLive}>
              载入线上菜单
            </Button>
          }
        />
      )}
    </Space>
  );
}

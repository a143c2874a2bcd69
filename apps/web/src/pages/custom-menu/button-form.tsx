import {
  MENU_LIMITS,
  type MenuActionType,
  displayWidth,
  menuActionLabels,
  menuActionTypes,
  nameLimit,
  utf8Bytes,
} from '@console/contract';
import { Alert, Form, Input, Radio } from 'antd';
import type { DraftAction, DraftSub, DraftTop, Picked } from './menu-draft';
import { pathOf } from './menu-draft';

interface Props {
  picked: Picked;
  button: DraftTop | DraftSub;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (patch: Partial<DraftAction & { name: string }>) => void;
}

/** The name's byte count against WeChat's limit, and a warning when the phone would cut it off. */
function NameHelp({ name, level }: { name: string; level: 'top' | 'sub' }) {
  const limit = nameLimit(level);
  const bytes = utf8Bytes(name.trim());
  const shown = level === 'top' ? MENU_LIMITS.topDisplayWidth : MENU_LIMITS.subDisplayWidth;
  return (
    <span className="menu-name-help">
      <span className={bytes > limit.bytes ? 'menu-bytes-over' : undefined} data-testid="menu-name-bytes">
        {bytes}/{limit.bytes} 字节
      </span>
      （一个汉字 3 字节，字母数字 1 字节）
      {bytes <= limit.bytes && displayWidth(name.trim()) > shown && (
        <span className="menu-name-cut">微信客户端约显示 {shown / 2} 个汉字，超出部分显示为“…”</span>
      )}
    </span>
  );
}

/**
 * Edits one button: its name (counted in UTF-8 bytes, as WeChat does) and its action.
 * Not the record machinery: it edits a button of the menu tree held in memory, saved with the whole tree by the page.
 */
export function ButtonForm({ picked, button, errors, disabled, onChange }: Props) {
  const level = picked.sub === null ? 'top' : 'sub';
  const path = pathOf(picked);
  const error = (field: string) => errors[`${path}.${field}`];
  const item = (field: string) => ({
    validateStatus: error(field) ? ('error' as const) : undefined,
    help: error(field),
  });
  const isGroup = 'subs' in button && button.subs.length > 0;
  const text = (field: keyof DraftAction, label: string, placeholder: string) => (
    <Form.Item label={label} required {...item(field)}>
      <Input
        value={button[field]}
        placeholder={placeholder}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" className="menu-button-form">
      <Form.Item
        label={level === 'top' ? '一级菜单名称' : '子菜单名称'}
        required
        validateStatus={error('name') ? 'error' : undefined}
        help={error('name')}
        extra={<NameHelp name={button.name} level={level} />}
      >
        <Input
          value={button.name}
          disabled={disabled}
          aria-label="菜单名称"
          placeholder={level === 'top' ? '如 会员中心' : '如 预约到店'}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Form.Item>
      {isGroup ? (
        <Alert type="info" showIcon title="已有子菜单：一级菜单只作为分组展开子菜单，请选择子菜单设置动作" />
      ) : (
        <>
          <Form.Item label="菜单动作" required {...item('type')}>
            <Radio.Group
              value={button.type}
              disabled={disabled}
              onChange={(e) => onChange({ type: e.target.value as MenuActionType })}
              options={menuActionTypes.map((type) => ({ value: type, label: menuActionLabels[type] }))}
            />
          </Form.Item>
          {button.type === 'click' &&
            text('key', '事件 KEY', `用户点击时推送给服务器的 KEY，最多 ${MENU_LIMITS.keyBytes} 字节`)}
          {button.type === 'view' && text('url', '网页链接', 'https://')}
          {button.type === 'miniprogram' && (
            <>
              {text('appid', '小程序 AppID', '须已与该公众号关联，如 wx1a2b3c4d5e6f7a8b')}
              {text('pagepath', '小程序页面路径', '如 pages/index/index')}
              {text('url', '备用网页链接', '不支持小程序的旧版微信打开此链接')}
            </>
          )}
        </>
      )}
    </Form>
  );
}

import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../stores/session';
import { useViewAs } from '../../stores/view-as';
import { UserAvatar } from '../../components/user-avatar';

/** 个人中心 and 退出登录 (with confirmation; the server session ends, local data and tabs are cleared). */
export function UserMenu() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const name = useSession((state) => state.name);
  const avatar = useSession((state) => state.avatar);
  // A 以服务商身份查看 tab signs nobody out: its banner's 退出 ends the view.
  const viewing = useViewAs((state) => state.active);
  const logout = () => {
    modal.confirm({
      title: '退出登录',
      content: '确定要退出登录吗？',
      okText: '退出',
      cancelText: '取消',
      onOk: async () => {
        await useSession.getState().logout();
        await navigate('/login', { replace: true });
      },
    });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
          ...(viewing
            ? []
            : [
                { type: 'divider' as const },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
              ]),
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout();
          else void navigate('/profile/index');
        },
      }}
    >
      <button type="button" className="console-user" aria-label={`账号菜单：${name}`}>
        <UserAvatar size="small" src={avatar} alt="" />
        <span className="console-user-name">{name}</span>
        <DownOutlined className="console-user-caret" />
      </button>
    </Dropdown>
  );
}

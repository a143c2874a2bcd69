import { Typography } from 'antd';
import { ShownOnceModal } from './shown-once-modal';

interface Props {
  title: string;
  /** Whose password it is, e.g. 周敏（agent1staff）. */
  who: string;
  password: string;
  onClose: () => void;
}

/**
 * A password the server generated and answers once (a new account, a reset): shown here with a
 * copy button, never again; the account must change it at its first sign-in.
 */
export function OneTimePasswordModal({ title, who, password, onClose }: Props) {
  return (
    <ShownOnceModal
      title={title}
      warning="密码只显示这一次"
      description="关闭后无法再次查看，请立即告知账号本人；其首次登录时须修改密码。"
      onClose={onClose}
    >
      <Typography.Paragraph>
        {who} 的密码：
        <Typography.Text code copyable={{ text: password, tooltips: ['复制', '已复制'] }} aria-label="一次性密码">
          {password}
        </Typography.Text>
      </Typography.Paragraph>
    </ShownOnceModal>
  );
}

import type { SecondFactorSetup } from '@console/contract';
import { Form, Input, QRCode, Typography } from 'antd';
import './second-factor.css';

/** The new key as a QR code and as text (for typing into an app), then the first code's field. */
export function EnrolSetup({ setup }: { setup: SecondFactorSetup }) {
  return (
    <div className="second-factor-setup">
      <QRCode value={setup.otpauthUri} size={176} bordered={false} aria-label="两步验证二维码" />
      <div className="second-factor-setup-text">
        <Typography.Paragraph>
          1. 用验证器应用（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）扫描二维码；
          无法扫码时手动输入密钥：
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: setup.secret }} code className="second-factor-key">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography.Paragraph>
        <Typography.Paragraph>2. 输入应用中显示的 6 位动态码完成绑定。</Typography.Paragraph>
        <CodeField label="动态码" />
      </div>
    </div>
  );
}

/** The code input every second-factor form shares: six digits, or a recovery code where allowed. */
export function CodeField({ label = '验证码', recovery = false }: { label?: string; recovery?: boolean }) {
  return (
    <Form.Item
      name="code"
      label={label}
      rules={[{ required: true, whitespace: true, message: recovery ? '请输入动态码或恢复码' : '请输入 6 位动态码' }]}
    >
      <Input
        aria-label={label}
        placeholder={recovery ? '6 位动态码，或一个恢复码' : '6 位动态码'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={20}
      />
    </Form.Item>
  );
}

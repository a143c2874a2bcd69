import { Alert, Typography } from 'antd';
import './second-factor.css';

/** The ten recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="请立即保存以下恢复码"
        description="每个恢复码只能使用一次，手机丢失时可代替动态码登录。关闭后将无法再次查看。"
      />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }} className="second-factor-codes">
        <ol aria-label="恢复码">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      </Typography.Paragraph>
    </div>
  );
}

import { Button, Form, Input, Skeleton, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import styles from './login-page.module.css';

export interface CaptchaImage {
  captchaId: string;
  image: string;
}

/** The image code row shown after 400217; clicking the image fetches a new one. */
export function CaptchaField({ captcha, onRefresh }: { captcha: CaptchaImage | null; onRefresh: () => void }) {
  return (
    <Form.Item className={styles.captchaRow}>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder="图形验证码"
            aria-label="图形验证码"
            autoComplete="off"
            maxLength={10}
          />
        </Form.Item>
        <Button className={styles.captchaButton} onClick={onRefresh} aria-label="看不清，换一张" title="看不清，换一张">
          {captcha ? (
            <img src={captcha.image} alt="图形验证码" className={styles.captchaImage} />
          ) : (
            <Skeleton.Button active size="small" style={{ width: 100 }} />
          )}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

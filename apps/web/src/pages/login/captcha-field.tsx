import { authEndpoints } from '@console/contract';
import { Form, Input, Skeleton } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { api } from '../../lib/api/request';
import styles from './login-page.module.css';

export interface CaptchaImage {
  captchaId: string;
  image: string;
}

export async function fetchCaptcha(): Promise<CaptchaImage> {
  return api(authEndpoints.captcha);
}

/** The image code row shown after 400217; clicking the image fetches a new one. */
export function CaptchaField({ captcha, onRefresh }: { captcha: CaptchaImage | null; onRefresh: () => void }) {
  return (
    <Form.Item
      name="code"
      rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}
      className={styles.captchaRow}
    >
      <Input
        prefix={<SafetyCertificateOutlined />}
        placeholder="图形验证码"
        autoComplete="off"
        maxLength={10}
        addonAfter={
          captcha ? (
            <button type="button" className={styles.captchaButton} onClick={onRefresh} aria-label="看不清，换一张">
              <img src={captcha.image} alt="图形验证码" className={styles.captchaImage} />
            </button>
          ) : (
            <Skeleton.Button active size="small" style={{ width: 100 }} />
          )
        }
      />
    </Form.Item>
  );
}

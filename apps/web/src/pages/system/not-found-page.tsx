import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import styles from './system-page.module.css';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <Result
        icon={<div className={styles.code}>404</div>}
        title="页面不存在"
        subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。"
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
              返回首页
            </Button>
            <Button onClick={() => void navigate(-1)}>返回上一页</Button>
          </Space>
        }
      />
    </main>
  );
}

import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import styles from './system-page.module.css';

/** A full page that says why there is nothing to show (404, 401), with the ways back home or back one page. */
export function SystemResultPage({ code, title, subTitle }: { code: string; title: string; subTitle: string }) {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <Result
        icon={<div className={styles.code}>{code}</div>}
        title={title}
        subTitle={subTitle}
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

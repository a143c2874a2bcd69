import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import styles from './system-page.module.css';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <Result
        icon={<div className={styles.code}>401</div>}
        title="没有访问权限"
        subTitle="当前账号没有访问该页面的权限，如需开通请联系管理员。"
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

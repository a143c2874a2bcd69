import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

export function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <main>运营后台</main>
    </ConfigProvider>
  );
}

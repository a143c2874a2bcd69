import { Alert, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListCard } from '../../components/resource/list-card';
import { ApiError } from '../../lib/api/request';
import { deviceStatus } from './gateway-actions';

type Status = Awaited<ReturnType<typeof deviceStatus>>;

/** 按设备号查询: the stored status of one serial (GET /device/getDeviceStatus/{deviceName}), without waking the device. */
export function DeviceStatusLookup() {
  const [result, setResult] = useState<Status | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const look = async (value: string) => {
    const name = value.trim();
    setResult(null);
    setProblem(null);
    if (!name) return;
    setLoading(true);
    try {
      setResult(await deviceStatus(name, true));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '查询失败，请稍后重试');
    } finally {
      setLoading(false);
    }
  };
  return (
    <ListCard className="resource-search-card">
      <Space wrap size={12} style={{ width: '100%' }}>
        <Input.Search
          placeholder="输入设备号查询状态"
          enterButton="查询"
          allowClear
          loading={loading}
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(v) => void look(v)}
          aria-label="按设备号查询状态"
        />
        {result && (
          <Space wrap size={8} data-testid="device-status-result">
            <span>{result.deviceName}</span>
            {result.restarting ? (
              <Tag color="processing">重启中</Tag>
            ) : (
              <Tag color={result.communicationStatus === 1 ? 'green' : 'default'}>
                {result.communicationStatus === 1 ? '在线' : '离线'}
              </Tag>
            )}
            <span>固件 {result.firmwareVersion || '—'}</span>
            <span>最后通讯 {result.lastSeenAt ? dayjs(result.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : '—'}</span>
          </Space>
        )}
        {problem && <Alert type="warning" showIcon title={problem} />}
      </Space>
    </ListCard>
  );
}

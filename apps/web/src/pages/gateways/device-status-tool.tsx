import { Alert, Button, Input, Modal, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../lib/api/request';
import { deviceStatus } from './gateway-actions';

type Status = Awaited<ReturnType<typeof deviceStatus>>;

/**
 * 按设备号查询实时状态: a toolbar button opening a small dialog that reads one serial's status
 * (GET /device/getDeviceStatus/{deviceName}) without waking the device, so the list keeps its
 * one search bar.
 */
export function DeviceStatusTool() {
  const [open, setOpen] = useState(false);
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
    <>
      <Button onClick={() => setOpen(true)}>按设备号查询实时状态</Button>
      <Modal
        open={open}
        title="按设备号查询实时状态"
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        afterClose={() => {
          setResult(null);
          setProblem(null);
        }}
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Input.Search
            autoFocus
            placeholder="输入设备号"
            enterButton="查询"
            allowClear
            loading={loading}
            onSearch={(v) => void look(v)}
            aria-label="设备号"
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
      </Modal>
    </>
  );
}

import { SearchOutlined } from '@ant-design/icons';
import { hardwareOrderEndpoints, permissionOf } from '@console/contract';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { ResourceTable, type TableColumn } from '../../components/resource/resource-table';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

type Found = Awaited<ReturnType<typeof lookup>>[number];
const lookup = (deviceNo: string) => api(hardwareOrderEndpoints.devicesByNo, { query: { deviceNo } });
const columns: TableColumn<Found>[] = [
  { name: 'deviceNo', label: '设备号' },
  { name: 'deviceKind', label: '类型' },
  { name: 'orderNo', label: '订单号' },
  { name: 'agentName', label: '服务商' },
  { name: 'orderStatus', label: '订单状态' },
];

/** 设备号查询: which order (and provider) a gateway number or MAC shipped with. */
export function SerialLookup() {
  const allowed = useSession((s) => s.permissions.has(permissionOf(hardwareOrderEndpoints.devicesByNo.access) ?? ''));
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Found[] | null>(null);
  const [loading, setLoading] = useState(false);
  if (!allowed) return null;
  const search = async (value: string) => {
    if (value.trim().length < 2) return;
    setLoading(true);
    try {
      setRows(await lookup(value.trim()));
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button icon={<SearchOutlined />} onClick={() => setOpen(true)}>
        设备号查询
      </Button>
      <Modal open={open} title="按设备号查询发货订单" footer={null} width={760} onCancel={() => setOpen(false)}>
        <Input.Search
          placeholder="输入网关编号或 MAC 地址（至少 2 位）"
          enterButton="查询"
          loading={loading}
          onSearch={(v) => void search(v)}
          allowClear
        />
        <div style={{ marginTop: 12 }}>
          <ResourceTable
            of={hardwareOrderEndpoints.devicesByNo.response.element}
            columns={columns}
            rows={rows ?? []}
            scrollX={600}
            empty={rows ? '没有找到发货记录' : '请输入设备号查询'}
          />
        </div>
      </Modal>
    </>
  );
}

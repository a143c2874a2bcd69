import { CloudDownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { EXPORT_CENTER_PATH } from '../../components/export/ask-export';
import { useActiveExports } from './export-tasks';

/** The header's 导出中心 icon, with a badge while the operator's exports are queued or running. */
export function ExportCenterButton() {
  const navigate = useNavigate();
  const active = useActiveExports();
  const label = active > 0 ? `导出中心（${active} 个任务进行中）` : '导出中心';
  return (
    <Tooltip title={label}>
      <CountBadge count={active} offset={[-6, 6]}>
        <Button
          type="text"
          className="console-navbar-button"
          aria-label={label}
          icon={<CloudDownloadOutlined />}
          onClick={() => void navigate(EXPORT_CENTER_PATH)}
        />
      </CountBadge>
    </Tooltip>
  );
}

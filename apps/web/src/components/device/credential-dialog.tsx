import type { DeviceCredential, DeviceKind } from '@console/contract';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { ShownOnceModal } from '../password/shown-once-modal';
import { deviceMqttConfig } from './mqtt-config';
import './credential-dialog.css';

interface Props {
  kind: DeviceKind;
  /** Which device, e.g. 网关「GW0001」. */
  name: string;
  credential: DeviceCredential;
  onClose: () => void;
}

const copyable = (text: string, what: string) => ({ text, tooltips: [`复制${what}`, '已复制'] });

/**
 * A device key the server has just issued, shown once: the server keeps only its hash and never
 * answers it again. It lives in this dialog's props alone (no store, no query cache), so closing
 * the dialog forgets it; only 我已记下 closes it, so a stray click outside cannot lose it.
 */
export function DeviceCredentialDialog({ kind, name, credential, onClose }: Props) {
  const config = deviceMqttConfig(kind, credential);
  return (
    <ShownOnceModal
      title={`设备密钥：${name}`}
      width={640}
      warning="新密钥只显示这一次"
      description="关闭后无法再次查看。原密钥已失效，请立即将新密钥配置到设备上，设备使用新密钥重新连接。"
      onClose={onClose}
    >
      <Descriptions column={1} size="small" bordered className="device-credential-facts">
        <Descriptions.Item label="用户名">
          <Typography.Text copyable={copyable(credential.username, '用户名')}>{credential.username}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="密码">
          <Typography.Text code copyable={copyable(credential.password, '密码')} aria-label="设备密码">
            {credential.password}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="连接地址">
          <Typography.Text copyable={copyable(credential.url, '连接地址')}>{credential.url}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="客户端 ID">
          <Typography.Text copyable={copyable(credential.clientId, '客户端 ID')}>{credential.clientId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="签发时间">
          {dayjs(credential.issuedAt).format('YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
      </Descriptions>
      <Typography className="device-credential-config">
        <div className="device-credential-config-head">
          <Typography.Text strong>MQTT 配置</Typography.Text>
          <Typography.Text
            copyable={{
              text: config,
              icon: [
                <span key="copy">
                  <CopyOutlined /> 复制全部
                </span>,
                <span key="copied">
                  <CheckOutlined /> 已复制
                </span>,
              ],
              tooltips: ['复制全部', '已复制'],
            }}
          />
        </div>
        <pre aria-label="MQTT 配置">{config}</pre>
      </Typography>
    </ShownOnceModal>
  );
}

import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Image, Typography } from 'antd';
import type { SiteInfo } from './use-site-info';

/** The contact popover's content; its own chunk, loaded when the popover first opens (antd Image). */
export function ContactDetails({ site }: { site: SiteInfo }) {
  return (
    <div className="console-contact">
      {site.servicePhone && (
        <p>
          <PhoneOutlined /> 客服电话：<Typography.Text copyable>{site.servicePhone}</Typography.Text>
        </p>
      )}
      {site.serviceEmail && (
        <p>
          <MailOutlined /> 客服邮箱：<Typography.Text copyable>{site.serviceEmail}</Typography.Text>
        </p>
      )}
      {site.serviceQr && (
        <div className="console-contact-qr">
          <Image src={site.serviceQr} width={140} height={140} alt="客服二维码" preview={false} />
          <span>扫码添加客服</span>
        </div>
      )}
    </div>
  );
}

import { CustomerServiceOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Image, Popover, Typography } from 'antd';
import { useSiteInfo } from './use-site-info';

/** Customer service: phone, e-mail and the QR image from system configuration. */
export function ContactPopover() {
  const site = useSiteInfo();
  if (!site || (!site.servicePhone && !site.serviceEmail && !site.serviceQr)) return null;
  const content = (
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
  return (
    <Popover title="联系客服" content={content} trigger={['hover', 'click']} placement="bottomRight">
      <Button type="text" className="console-navbar-button" aria-label="联系客服" icon={<CustomerServiceOutlined />} />
    </Popover>
  );
}

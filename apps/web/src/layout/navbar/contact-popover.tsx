import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { Suspense, lazy } from 'react';
import { useSiteInfo } from './use-site-info';

// The popover's content (with antd's Image) loads when it is first shown.
const ContactDetails = lazy(() => import('./contact-details').then((module) => ({ default: module.ContactDetails })));

/** Customer service: phone, e-mail and the QR image from system configuration. */
export function ContactPopover() {
  const site = useSiteInfo();
  if (!site || (!site.servicePhone && !site.serviceEmail && !site.serviceQr)) return null;
  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <ContactDetails site={site} />
    </Suspense>
  );
  return (
    <Popover title="联系客服" content={content} trigger={['hover', 'click']} placement="bottomRight">
      <Button type="text" className="console-navbar-button" aria-label="联系客服" icon={<CustomerServiceOutlined />} />
    </Popover>
  );
}

import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useSiteInfo } from './use-site-info';

/** The external help site, in a new tab (it is another site: no opener, no referrer). */
export function HelpLink() {
  const url = useSiteInfo()?.helpCenterUrl;
  if (!url) return null;
  return (
    <Tooltip title="帮助中心">
      <Button
        type="text"
        className="console-navbar-button"
        aria-label="帮助中心"
        icon={<QuestionCircleOutlined />}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
      />
    </Tooltip>
  );
}

import { Typography } from 'antd';
import './record-sections.css';

/** A value as indented JSON, for requests and other free-form records; long lines scroll, never overflow. */
export function JsonBlock({ value }: { value: unknown }) {
  const text = value === undefined ? '' : JSON.stringify(value, null, 2);
  if (!text || text === '{}' || text === 'null') return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <div className="json-block">
      <Typography.Paragraph copyable={{ text, tooltips: ['复制', '已复制'] }} className="json-block-copy" />
      <pre>{text}</pre>
    </div>
  );
}

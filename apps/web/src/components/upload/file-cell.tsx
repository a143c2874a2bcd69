import { PaperClipOutlined } from '@ant-design/icons';
import { Image, Typography } from 'antd';
import { fileHref, looksLikeImage } from './file-url';

/** A stored file in a table cell or detail: a small preview for an image, else a download link. */
export function FileCell({ value, image }: { value: string; image?: boolean }) {
  const href = fileHref(value);
  if (image || looksLikeImage(value)) return <Image src={href} width={40} height={40} alt="" className="file-cell" />;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      <PaperClipOutlined /> 下载
    </Typography.Link>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import type { UploadPurpose } from '@console/contract';
import { Image, Typography } from 'antd';
import { FileSource } from './file-source';
import { looksLikeImage } from './file-url';

/** A stored file in a table cell or detail: a small preview for an image, else a download link. */
export function FileCell({ value, image, purpose }: { value: string; image?: boolean; purpose?: UploadPurpose }) {
  const showImage = image || looksLikeImage(value);
  return (
    <FileSource value={value} purpose={purpose}>
      {(href, refused) => {
        if (refused) return <Typography.Text type="secondary">无法查看</Typography.Text>;
        if (href === null)
          return showImage ? <span style={{ display: 'inline-block', width: 40, height: 40 }} aria-busy /> : null;
        if (showImage) return <Image src={href} width={40} height={40} alt="" className="file-cell" />;
        return (
          <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
            <PaperClipOutlined /> 下载
          </Typography.Link>
        );
      }}
    </FileSource>
  );
}

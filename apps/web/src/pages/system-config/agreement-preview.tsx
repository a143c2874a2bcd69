import type { AgreementVersion } from '@console/contract';
import { Typography } from 'antd';
import { agreementBlocks } from '../public/agreement-text';

/** The version as the public page will show it: headings and paragraphs, never live HTML. */
export function AgreementPreview({ record }: { record: AgreementVersion }) {
  return (
    <section data-testid="agreement-preview">
      <Typography.Title level={5}>正文预览</Typography.Title>
      {agreementBlocks(record.content).map((block, index) =>
        block.kind === 'heading' ? (
          <Typography.Title key={index} level={5}>
            {block.text}
          </Typography.Title>
        ) : (
          <Typography.Paragraph key={index}>{block.text}</Typography.Paragraph>
        ),
      )}
    </section>
  );
}

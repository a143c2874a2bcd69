import { errors, systemConfigEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { publicRouteTitles } from '../../lib/public-routes';
import { ApiError, api } from '../../lib/api/request';
import { agreementBlocks, agreementBody } from './agreement-text';
import { PublicShell } from './public-shell';
import styles from './public.module.css';

export type AgreementKind = 'privacyAgreement' | 'userAgreement' | 'renewalAgreement' | 'privatezc';

/** An agreement text from system configuration, rendered as plain headings and paragraphs. */
export default function AgreementPage({ kind }: { kind: AgreementKind }) {
  const query = useQuery({
    queryKey: ['agreement', kind],
    // A text that was never published is this page's own empty state, not an error toast.
    queryFn: () =>
      api(systemConfigEndpoints.agreement, { query: { key: kind }, quietCodes: [errors.recordNotFound.code] }),
    staleTime: 5 * 60_000,
  });
  const fallbackTitle = publicRouteTitles[`/${kind}`] ?? '协议';

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.errCode === errors.recordNotFound.code;
    body = (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? `${fallbackTitle}暂未发布` : `${fallbackTitle}加载失败`}
        subTitle={missing ? '平台尚未发布该协议，请稍后再来查看。' : '请检查网络后重试。'}
        extra={
          missing ? (
            <Button href="/website">返回首页</Button>
          ) : (
            <Button type="primary" onClick={() => void query.refetch()}>
              重新加载
            </Button>
          )
        }
      />
    );
  } else {
    const { title, content, updatedAt } = query.data;
    const heading = title || fallbackTitle;
    const { date, blocks } = agreementBody(agreementBlocks(content), heading);
    body = (
      <article>
        <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
          {heading}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          更新日期：{date ?? dayjs(updatedAt).format('YYYY年M月D日')}
        </Typography.Paragraph>
        {blocks.map((block, index) =>
          block.kind === 'heading' ? (
            <Typography.Title key={index} level={2} style={{ fontSize: 18, marginTop: 28 }}>
              {block.text}
            </Typography.Title>
          ) : (
            <Typography.Paragraph key={index} style={{ fontSize: 15, lineHeight: 1.9 }}>
              {block.text}
            </Typography.Paragraph>
          ),
        )}
      </article>
    );
  }

  return (
    <PublicShell>
      <div className={styles.narrow}>
        <div className={styles.paper}>{body}</div>
      </div>
    </PublicShell>
  );
}

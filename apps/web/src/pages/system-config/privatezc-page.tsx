import { type AgreementVersion, permissionOf, publishAgreementEndpoint } from '@console/contract';
import { App, Typography } from 'antd';
import { useMemo } from 'react';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { api } from '../../lib/api/request';
import { agreementVersionWeb } from '../../resources/agreement-version';
import { AgreementPreview } from './agreement-preview';

const publishCode = permissionOf(publishAgreementEndpoint.access) ?? 'agreementVersion.publish';
const DRAFT = 0;

/** /systemConfig/privatezc 隐私政策: versions of the privacy agreement; the published one is public. */
export default function PrivatezcPage() {
  const { message } = App.useApp();
  const web = useMemo(() => {
    const publish: RowAction<AgreementVersion> = {
      key: 'publish',
      label: '发布',
      permission: publishCode,
      visible: (row) => row.status === DRAFT,
      confirm: (row) =>
        `确定发布 V${row.versionNo}「${row.title}」吗？发布后 /privatezc 与 /privacyAgreement 立即显示此版本，当前已发布的版本将下线。`,
      run: (row) =>
        api(publishAgreementEndpoint, { body: { id: row.id, version: row.version } }).then(
          () => void message.success(`已发布 V${row.versionNo}`),
        ),
    };
    return { ...agreementVersionWeb, rowActions: [publish], detailExtra: AgreementPreview };
  }, [message]);
  return (
    <>
      <Typography.Paragraph type="secondary">
        草稿可反复修改；发布后对外展示于{' '}
        <a href="/privatezc" target="_blank" rel="noreferrer">
          /privatezc
        </a>{' '}
        与{' '}
        <a href="/privacyAgreement" target="_blank" rel="noreferrer">
          /privacyAgreement
        </a>
        ，修改请新建版本。
      </Typography.Paragraph>
      <ResourceListPage web={web} />
    </>
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp, type TestOperator } from '../../../test/app-with-operator.js';
import { callApi } from '../../../test/ops-helpers.js';

describe('隐私协议: sanitised versions, one published, shown on the public pages', () => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: ['agreementVersion.create', 'agreementVersion.update', 'agreementVersion.publish'],
    }));
  });
  afterAll(() => t.close());

  const draft = (title: string) =>
    callApi<{ id: string; version: number; versionNo: number; content: string; status: number }>(
      t,
      admin,
      'POST',
      '/agreementVersion/create',
      {
        title,
        content:
          '<h2>一、总则</h2><p onclick="steal()">我们重视您的隐私<script>alert(1)</script>，<a href="javascript:alert(1)">点此</a>了解更多内容。</p><img src=x onerror=alert(1)>',
        remark: '',
      },
    );

  it('stores only safe HTML, publishes one version at a time, and the public pages show it', async () => {
    const v1 = await draft('隐私协议 2026 版');
    expect(v1.data.versionNo).toBe(1);
    expect(v1.data.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(v1.data.content).toContain('我们重视您的隐私');
    const published = await callApi<{ status: number; version: number }>(
      t,
      admin,
      'POST',
      '/agreementVersion/publish',
      {
        id: v1.data.id,
        version: v1.data.version,
      },
    );
    expect(published.data.status).toBe(1);
    // A published version is no longer edited: a new version is written instead.
    const edit = await callApi(t, admin, 'POST', '/agreementVersion/update', {
      id: v1.data.id,
      version: published.data.version,
      title: '改标题',
    });
    expect(edit.errCode).toBe(409003);
    const v2 = await draft('隐私协议 2027 版');
    expect(v2.data.versionNo).toBe(2);
    await callApi(t, admin, 'POST', '/agreementVersion/publish', { id: v2.data.id, version: v2.data.version });
    for (const key of ['privatezc', 'privacyAgreement']) {
      const page = await callApi<{ title: string; content: string }>(
        t,
        null,
        'GET',
        `/systemConfig/agreement?key=${key}`,
      );
      expect(page.data.title).toBe('隐私协议 2027 版');
    }
    const rows = await t.database.db
      .selectFrom('agreementVersion')
      .select(['versionNo', 'status'])
      .orderBy('versionNo')
      .execute();
    expect(rows).toEqual([
      { versionNo: 1, status: 2 },
      { versionNo: 2, status: 1 },
    ]);
    const log = await t.database.db
      .selectFrom('operationLog')
      .selectAll()
      .where('targetId', '=', v2.data.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(JSON.stringify(log)).toContain('V2');
  });
});

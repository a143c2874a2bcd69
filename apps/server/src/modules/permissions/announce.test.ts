import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithOperator, type TestApp } from '../../../test/app-with-operator.js';
import { createTestAgent, type TestOperator } from '../../../test/operators.js';
import type { AppEvents } from '../../plugins/events.js';
import { callApi } from '../stores/test-fixtures.js';

type Change = AppEvents['resourceChanged'];

// Writes that change who may see what must announce it after commit: the realtime layer turns
// these into cache drops on every process and `permissionsChanged` frames for the consoles.
describe('permission changes are announced after commit', () => {
  let t: TestApp;
  let admin: TestOperator;
  const seen: Change[] = [];

  beforeAll(async () => {
    ({ t, operator: admin } = await appWithOperator({
      permissions: [
        'saasRole.create',
        'saasRole.update',
        'saasRole.get',
        'agentMenu.get',
        'agentMenu.update',
        'agent.freeze',
      ],
    }));
    t.app.events.on('resourceChanged', (c) => seen.push(c));
  });
  afterAll(() => t.close());

  const announced = (resource: string) => seen.filter((c) => c.resource === resource);

  it('a role created and edited is announced as saasRole', async () => {
    const created = await callApi<{ id: string; version: number }>(t, admin, 'POST', '/saasRole/create', {
      name: '巡检员',
      code: 'inspector_announce',
      sort: 1,
      status: 1,
      remark: '',
      menuIds: [],
    });
    expect(created.errCode).toBe(0);
    const updated = await callApi(t, admin, 'POST', '/saasRole/update', {
      id: created.data.id,
      version: created.data.version,
      status: 0,
    });
    expect(updated.errCode).toBe(0);
    expect(announced('saasRole').map((c) => [c.action, c.ids])).toEqual([
      ['create', [created.data.id]],
      ['update', [created.data.id]],
    ]);
  });

  it('a refused (stale) role edit announces nothing', async () => {
    const before = announced('saasRole').length;
    const role = await callApi<{ id: string }>(t, admin, 'POST', '/saasRole/create', {
      name: '旧版本',
      code: 'stale_announce',
      sort: 1,
      status: 1,
      remark: '',
      menuIds: [],
    });
    const stale = await callApi(t, admin, 'POST', '/saasRole/update', { id: role.data.id, version: 99, status: 0 });
    expect(stale.errCode).toBe(409001);
    expect(announced('saasRole').length).toBe(before + 1); // only the create
  });

  it("a provider's menu grants and its freezing are announced for that provider", async () => {
    const agentId = await createTestAgent(t.database.db);
    expect((await callApi(t, admin, 'POST', '/agentMenu/update', { aic: String(agentId), menuIds: [] })).errCode).toBe(
      0,
    );
    expect((await callApi(t, admin, 'POST', `/agent/freeze?id=${agentId}&freeze=1`)).errCode).toBe(0);
    const forAgent = announced('agentMenu').filter((c) => c.agentId === agentId);
    expect(forAgent).toHaveLength(2);
  });
});

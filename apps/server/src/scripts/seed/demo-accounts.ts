import type { Kysely } from 'kysely';
import { generatePassword } from '../../credentials/generate-password.js';
import { hashPassword } from '../../credentials/passwords.js';
import { nowIso } from '../../lib/clock.js';
import type { Database } from '../../db/types.js';
import { grantAllAgentMenus } from '../../modules/agents/grant-agent-menus.js';

export const DEMO_PASSWORD = 'Demo@2026';
export const SUPER_ADMIN_ROLE = 'super_admin';
/** The demo sign-ins, in the order start-up prints them. */
export const DEMO_LOGIN_NAMES = ['admin', 'agent1', 'agent1staff', 'agent2'] as const;

/** A sign-in start-up prints: the demo accounts, or the generated first admin. */
export interface SignInNote {
  loginName: string;
  password: string;
  description: string;
}

/** The demo providers' ids, handed to the domain demo seeders. */
export interface DemoAgents {
  a: number;
  b: number;
  direct: number;
}

// Agent columns per the domain: kind 1 company; level 1 national, 2 province, 3 city; status 1 active.
interface AgentSeed {
  agentNo: string;
  name: string;
  contactName: string;
  contactPhone: string;
  region: string;
  address: string;
  level: number;
  direct: 0 | 1;
  remark: string;
}

const DIRECT_AGENT: AgentSeed = {
  agentNo: 'ZY0000001',
  name: '平台直营',
  contactName: '平台运营部',
  contactPhone: '4008206600',
  region: '浙江省/杭州市/西湖区',
  address: '文三路 478 号华星时代广场 12 层',
  level: 1,
  direct: 1,
  remark: '平台自营门店所属的保留服务商，请勿停用',
};

const DEMO_AGENTS: AgentSeed[] = [
  {
    agentNo: 'FW3301001',
    name: '杭州云泊科技有限公司',
    contactName: '陈立伟',
    contactPhone: '13857162208',
    region: '浙江省/杭州市/滨江区',
    address: '江南大道 3688 号潮人汇大厦 9 楼 906 室',
    level: 2,
    direct: 0,
    remark: '浙江省级服务商，主营洗浴、足道门店',
  },
  {
    agentNo: 'FW5101002',
    name: '成都蜀联智能科技有限公司',
    contactName: '刘晓燕',
    contactPhone: '18980756431',
    region: '四川省/成都市/武侯区',
    address: '天府大道北段 1700 号环球中心 W6 区 1203',
    level: 3,
    direct: 0,
    remark: '成都市级服务商，主营健身、游泳场馆',
  },
];

async function ensureAgent(db: Kysely<Database>, seed: AgentSeed): Promise<number> {
  const found = await db.selectFrom('agent').where('agentNo', '=', seed.agentNo).select('id').executeTakeFirst();
  if (found) return found.id;
  const now = nowIso();
  const row = await db
    .insertInto('agent')
    .values({ ...seed, kind: 1, status: 1, openedAt: now, expireAt: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The reserved direct-run (直营) provider: the platform acting as its own provider. */
export async function ensureDirectAgent(db: Kysely<Database>): Promise<number> {
  const found = await db.selectFrom('agent').where('direct', '=', 1).select('id').executeTakeFirst();
  return found ? found.id : ensureAgent(db, DIRECT_AGENT);
}

/** The 超级管理员 role, holding every platform menu entry. */
export async function ensureSuperAdminRole(db: Kysely<Database>): Promise<number> {
  let role = await db.selectFrom('role').where('code', '=', SUPER_ADMIN_ROLE).select('id').executeTakeFirst();
  if (!role) {
    const now = nowIso();
    role = await db
      .insertInto('role')
      .values({
        name: '超级管理员',
        code: SUPER_ADMIN_ROLE,
        sort: 1,
        status: 1,
        remark: '拥有平台全部菜单与操作权限',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const menus = await db.selectFrom('menu').where('scope', '=', 'platform').select('id').execute();
  for (const m of menus) {
    await db
      .insertInto('roleMenu')
      .values({ roleId: role.id, menuId: m.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return role.id;
}

interface AccountSeed {
  loginName: string;
  name: string;
  phone: string;
  adminType: 0 | 1 | 2;
  agentId: number | null;
  password: string;
  changePsw: 0 | 1;
}

async function createAccount(db: Kysely<Database>, a: AccountSeed, roleId?: number): Promise<number> {
  const now = nowIso();
  const { password, ...fields } = a;
  const row = await db
    .insertInto('admin')
    .values({
      ...fields,
      email: '',
      passwordHash: await hashPassword(password),
      open: 1,
      headImg: '',
      failedCount: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (roleId !== undefined) await db.insertInto('adminRole').values({ adminId: row.id, roleId }).execute();
  return row.id;
}

/**
 * agent1staff's narrow grant (issue 15 item 2): looks at stores, Android terminals and gateways and
 * may restart a gateway; no create, edit, delete, and nothing about money.
 */
export const DEMO_STAFF_GRANT = [
  'storeManage',
  'storeManagement',
  'store.page',
  'store.get',
  'agentAndroid',
  'agentAndroidMgt',
  'agentAndroid.page',
  'agentAndroid.get',
  'agentZKB',
  'agentZKBMgt',
  'agentGateway.page',
  'agentGateway.get',
  'gatewayDevice.query',
  'gatewayDevice.restart',
] as const;

async function grantStaffMenus(db: Kysely<Database>, adminId: number, codes: readonly string[]): Promise<void> {
  const menus = await db
    .selectFrom('menu')
    .where('scope', '=', 'agent')
    .where('url', 'in', codes)
    .select('id')
    .execute();
  if (menus.length)
    await db
      .insertInto('adminMenu')
      .values(menus.map((m) => ({ adminId, menuId: m.id })))
      .execute();
}

/** First start without demo data: only `admin`, with a random password to change at first sign-in. */
export async function seedFirstAdmin(db: Kysely<Database>): Promise<SignInNote[]> {
  await ensureDirectAgent(db).then((id) => grantAllAgentMenus(db, id));
  const roleId = await ensureSuperAdminRole(db);
  const password = generatePassword(14);
  await createAccount(
    db,
    { loginName: 'admin', name: '平台管理员', phone: '', adminType: 0, agentId: null, password, changePsw: 1 },
    roleId,
  );
  return [{ loginName: 'admin', password, description: '平台管理员（首次登录须修改密码，此密码只显示这一次）' }];
}

/** First start with demo data: two demo providers, the direct-run provider and four accounts. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<{ signIns: SignInNote[]; agents: DemoAgents }> {
  const direct = await ensureDirectAgent(db);
  const [seedA, seedB] = DEMO_AGENTS as [AgentSeed, AgentSeed];
  const agents: DemoAgents = { a: await ensureAgent(db, seedA), b: await ensureAgent(db, seedB), direct };
  for (const id of [agents.a, agents.b, agents.direct]) await grantAllAgentMenus(db, id);
  const roleId = await ensureSuperAdminRole(db);

  const common = { password: DEMO_PASSWORD, changePsw: 0 } as const;
  const accounts: (AccountSeed & { description: string })[] = [
    {
      ...common,
      loginName: 'admin',
      name: '平台管理员',
      phone: '13900000001',
      adminType: 0,
      agentId: null,
      description: '平台管理员（全部菜单）',
    },
    {
      ...common,
      loginName: 'agent1',
      name: '陈立伟',
      phone: '13857162208',
      adminType: 1,
      agentId: agents.a,
      description: `服务商管理员（${seedA.name}）`,
    },
    {
      ...common,
      loginName: 'agent1staff',
      name: '周敏',
      phone: '13967135520',
      adminType: 2,
      agentId: agents.a,
      description: `服务商员工（${seedA.name}；只可查看门店与设备、重启网关）`,
    },
    {
      ...common,
      loginName: 'agent2',
      name: '刘晓燕',
      phone: '18980756431',
      adminType: 1,
      agentId: agents.b,
      description: `服务商管理员（${seedB.name}）`,
    },
  ];
  for (const { description: _d, ...a } of accounts) {
    const adminId = await createAccount(db, a, a.adminType === 0 ? roleId : undefined);
    if (a.adminType === 2) await grantStaffMenus(db, adminId, DEMO_STAFF_GRANT);
  }
  return {
    signIns: accounts.map((a) => ({ loginName: a.loginName, password: DEMO_PASSWORD, description: a.description })),
    agents,
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { errorFingerprint } from '../../lib/error-fingerprint.js';

// Platform-wide demo rows of the operations area: SMS channels, official accounts and a menu,
// IP rules, editions and a few logged errors.

export async function seedPlatformOps(db: Kysely<Database>, now: string, daysAgo: (n: number) => string) {
  const stamp = { createdAt: now, updatedAt: now };
  await db
    .insertInto('smsChannel')
    .values([
      {
        name: '阿里云主通道',
        vendor: 1,
        signName: '门店云',
        accessKeyId: 'LTAI5tDemoMainKey01',
        accessKeySecret: 'DemoMainSecretAli0000001',
        unitPrice: 4,
        priority: 90,
        status: 1,
        sentCount: 18_236,
        remark: '营销与通知共用',
        ...stamp,
      },
      {
        name: '腾讯云备用通道',
        vendor: 2,
        signName: '门店云',
        accessKeyId: 'AKIDDemoBackupKey02',
        accessKeySecret: 'DemoBackupSecretTx000002',
        unitPrice: 5,
        priority: 50,
        status: 1,
        sentCount: 2_104,
        remark: '主通道失败时使用',
        ...stamp,
      },
      {
        name: '华为云验证码通道',
        vendor: 3,
        signName: '门店云服务',
        accessKeyId: '',
        accessKeySecret: '',
        unitPrice: 4,
        priority: 10,
        status: 0,
        sentCount: 0,
        remark: '待配置密钥',
        ...stamp,
      },
    ])
    .execute();

  const accounts = await db
    .insertInto('officialAccount')
    .values([
      {
        name: '门店云服务号',
        appId: 'wx5f3c8a1b2d4e6f70',
        originalId: 'gh_3a5c7e9b1d2f',
        accountType: 2,
        verified: 1,
        status: 1,
        followerCount: 12_860,
        authorizedAt: daysAgo(400),
        appSecret: '6c1f0e93b2a4d7e85f60c3b9a1d2e4f7',
        remark: '设备告警与到期提醒',
        ...stamp,
      },
      {
        name: '门店云资讯',
        appId: 'wx9e8d7c6b5a4f3e21',
        originalId: 'gh_9f8e7d6c5b4a',
        accountType: 1,
        verified: 0,
        status: 1,
        followerCount: 3_415,
        authorizedAt: daysAgo(120),
        appSecret: '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a',
        remark: '行业资讯推送',
        ...stamp,
      },
    ])
    .returning('id')
    .execute();
  const buttons = [
    {
      name: '设备管理',
      subButtons: [
        { name: '网关状态', type: 'view', url: 'https://m.example.com/zkb' },
        { name: '报修', type: 'click', key: 'REPAIR' },
      ],
    },
    { name: '续费中心', type: 'view', url: 'https://m.example.com/renew' },
    { name: '联系客服', type: 'click', key: 'SERVICE' },
  ];
  await db
    .insertInto('customMenu')
    .values({
      officialAccountId: accounts[0]!.id,
      buttons: JSON.stringify(buttons),
      publishStatus: 2,
      publishedAt: daysAgo(30),
      publishError: '',
      ...stamp,
    })
    .execute();

  // Deny rules only (and a disabled whitelist): an enabled allow rule would lock out the demo.
  await db
    .insertInto('ipRestriction')
    .values([
      { ruleType: 2, address: '203.0.113.0/24', appliesTo: 0, status: 1, remark: '多次撞库的来源网段', ...stamp },
      { ruleType: 2, address: '198.51.100.23', appliesTo: 2, status: 1, remark: '已离职实施人员常用地址', ...stamp },
      {
        ruleType: 1,
        address: '10.0.0.0/8',
        appliesTo: 1,
        status: 0,
        remark: '平台账号仅限内网（演练用，未启用）',
        ...stamp,
      },
      { ruleType: 2, address: '2001:db8:bad::/48', appliesTo: 0, status: 1, remark: 'IPv6 异常网段', ...stamp },
    ])
    .execute();

  await db
    .insertInto('edition')
    .values([
      {
        name: '基础版',
        code: 'basic',
        webPrice: 98_000,
        staffAppletPrice: 30_000,
        maxRooms: 50,
        features: JSON.stringify(['手牌消费', '前台收银', '基础报表']),
        sort: 1,
        status: 1,
        remark: '',
        ...stamp,
      },
      {
        name: '标准版',
        code: 'standard',
        webPrice: 298_000,
        staffAppletPrice: 60_000,
        maxRooms: 200,
        features: JSON.stringify(['手牌消费', '前台收银', '会员储值', '员工提成', '经营报表']),
        sort: 2,
        status: 1,
        remark: '最受欢迎',
        ...stamp,
      },
      {
        name: '旗舰版',
        code: 'flagship',
        webPrice: 598_000,
        staffAppletPrice: 98_000,
        maxRooms: 0,
        features: JSON.stringify(['全部标准版功能', '多店连锁', '语音呼叫', '营销短信', '开放接口']),
        sort: 3,
        status: 1,
        remark: '连锁门店',
        ...stamp,
      },
    ])
    .execute();

  const err = (source: number, level: number, message: string, url: string, days: number, handled = 0) => {
    const stack =
      source === 1
        ? `TypeError: ${message}\n    at render (index-3f2a.js:1:20871)`
        : `Error: ${message}\n    at Pool.query (pg/lib/client.js:526:17)`;
    return {
      source,
      level,
      message,
      stack,
      url,
      requestId: source === 2 ? `9b2c1d4e-5f60-4a7b-8c9d-0e1f2a3b4c${String(days).padStart(2, '0')}` : '',
      adminId: null,
      agentId: null,
      ip: '36.112.78.14',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
      appVersion: source === 1 ? '1.4.2' : '',
      handled,
      // Grouped as reports are (modules/operations/error-groups.ts): seen several times over a few days.
      fingerprint: errorFingerprint(source, message, stack, url),
      count: days + 1,
      lastSeenAt: daysAgo(days),
      createdAt: daysAgo(days + 3),
      updatedAt: daysAgo(days),
    };
  };
  await db
    .insertInto('errorLog')
    .values([
      err(1, 2, "Cannot read properties of undefined (reading 'storeName')", '/storeManage/storeManagement', 1),
      err(1, 1, 'ResizeObserver loop completed with undelivered notifications', '/dashboard', 2, 1),
      err(2, 3, 'connect ETIMEDOUT 10.0.3.12:5432', 'POST /api/device/deviceList', 3, 1),
      err(1, 2, 'Loading chunk 17 failed', '/orderManagement/hardwareOrders', 5),
    ])
    .execute();
}

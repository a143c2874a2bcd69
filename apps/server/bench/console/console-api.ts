import { type MenuTreeNode, ipRestrictionResource, permissionEndpoints } from '@console/contract';
import { demoPassword } from './browser.js';

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data: T;
}

async function call<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.errCode !== 0) throw new Error(`${path} 失败: ${envelope.errMsg}`);
  return envelope.data;
}

export async function apiSignIn(baseURL: string): Promise<string> {
  const data = await call<{ token: string }>(baseURL, '/log/adminLogin/login', {
    loginName: 'admin',
    password: demoPassword,
  });
  return data.token;
}

/**
 * The admin's page paths from the menu the server grants (every screen of the catalogue), in menu
 * order; the console may not have built all of them yet, which the visit itself finds out.
 */
export async function menuPagePaths(baseURL: string, token: string): Promise<string[]> {
  const tree = await call<MenuTreeNode[]>(baseURL, permissionEndpoints.getMenuList.path, {}, token);
  const paths: string[] = [];
  const walk = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      if (node.kind === 2 && !node.hidden && !paths.includes(node.path)) paths.push(node.path);
      walk(node.children);
    }
  };
  walk(tree);
  return paths;
}

/**
 * Adds `count` IP 限制 rules, so the list has more than one 50-row page. They are disabled deny
 * rules for the documentation block 198.51.100.0/24: they change nobody's sign-in.
 */
export async function seedIpRules(baseURL: string, token: string, count: number): Promise<void> {
  const create = ipRestrictionResource.endpoints.create;
  if (!create) throw new Error('IP 限制没有新增接口');
  for (let i = 0; i < count; i++) {
    await call(
      baseURL,
      create.path,
      { ruleType: 2, address: `198.51.100.${i % 256}`, appliesTo: 0, status: 0, remark: `基准测试规则 ${i + 1}` },
      token,
    );
  }
}

import type { MenuTreeNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { type ScreenDef, menuRedirect, permittedScreens, visibleMenuTree } from './menu-filter';

let nextId = 1;
function node(url: string, path: string, kind: 1 | 2 | 3, children: MenuTreeNode[] = [], hidden = false): MenuTreeNode {
  return { id: String(nextId++), url, title: `标题${url}`, icon: '', path, kind, hidden, children };
}

const platformTree: MenuTreeNode[] = [
  node('userMgt', '/userMgt', 1, [
    node('agentMgt', '/userMgt/agentMgt', 2, [node('agent.create', '', 3)]),
    node('seeBusiness', '/userMgt/seeBusiness', 2),
    node('seeStore', '/userMgt/seeStore', 2),
  ]),
  node('payManger', '/payManger', 1, [node('sweepShop', '/payManger/sweepShop', 2)]),
  node('saasDirectStore', '/saasDirectStore', 1, [node('contractRecords', '/saasDirectStore/contractRecords', 2)]),
];

const screens: ScreenDef[] = [
  { name: 'Dashboard', path: '/dashboard', title: '首页', affix: true, alwaysAllowed: true },
  { name: 'AgentOnly', path: '/profile/systemMsg', title: '系统消息', alwaysAllowed: true, audience: 'agent' },
  { name: 'agentMgt', path: '/userMgt/agentMgt', title: '服务商管理' },
  { name: 'seeStore', path: '/userMgt/seeStore', title: '门店查看' },
  { name: 'ZGJUser', path: '/userMgt/ZGJUser', title: '店主账号' },
  // Same route name in the provider catalogue, different screen.
  { name: 'contractRecords', path: '/agentContractRecords/contractRecords', title: '合同记录' },
];

describe('permittedScreens', () => {
  it('keeps always-allowed screens of the audience and screens whose name and path are granted', () => {
    const names = permittedScreens(screens, platformTree, 0).map((screen) => screen.path);
    expect(names).toEqual(['/dashboard', '/userMgt/agentMgt', '/userMgt/seeStore']);
  });

  it('never grants a screen by a route name from the other scope', () => {
    const names = permittedScreens(screens, platformTree, 0).map((screen) => screen.path);
    expect(names).not.toContain('/agentContractRecords/contractRecords');
  });

  it('gives provider operators their always-allowed screens', () => {
    const names = permittedScreens(screens, [], 1).map((screen) => screen.path);
    expect(names).toEqual(['/dashboard', '/profile/systemMsg']);
  });

  it('grants nothing beyond the always-allowed screens for an empty tree', () => {
    expect(permittedScreens(screens, [], 0).map((screen) => screen.path)).toEqual(['/dashboard']);
  });
});

describe('visibleMenuTree', () => {
  it('drops pages without a built screen, directories left empty, and action entries', () => {
    const tree = visibleMenuTree(platformTree, screens);
    expect(tree.map((entry) => entry.path)).toEqual(['/userMgt']);
    expect(tree[0]!.children.map((entry) => entry.path)).toEqual(['/userMgt/agentMgt', '/userMgt/seeStore']);
    expect(tree[0]!.children[0]!.children).toEqual([]);
  });

  it('redirects a directory to its first non-hidden child', () => {
    const tree = visibleMenuTree(
      [
        node('userMgt', '/userMgt', 1, [
          node('agentMgt', '/userMgt/agentMgt', 2, [], true),
          node('seeStore', '/userMgt/seeStore', 2),
        ]),
      ],
      screens,
    );
    expect(tree[0]!.redirect).toBe('/userMgt/seeStore');
    expect(menuRedirect(tree, '/userMgt')).toBe('/userMgt/seeStore');
    expect(menuRedirect(tree, '/userMgt/')).toBe('/userMgt/seeStore');
    expect(menuRedirect(tree, '/payManger')).toBeUndefined();
  });

  it('redirects a directory to its catalogue redirectIndex child when it has one', () => {
    const tree = visibleMenuTree(platformTree.slice(0, 1), screens, (path) =>
      path === '/userMgt' ? { name: 'userMgt', title: '用户管理', path, redirectIndex: 1 } : undefined,
    );
    expect(tree[0]!.redirect).toBe('/userMgt/seeStore');
  });

  it('takes titles and icons from the catalogue when the server sends none', () => {
    const tree = visibleMenuTree(
      [{ ...node('userMgt', '/userMgt', 1, [node('agentMgt', '/userMgt/agentMgt', 2)]), title: '', icon: '' }],
      screens,
    );
    expect(tree[0]!.title).toBe('用户管理');
    expect(tree[0]!.icon).toBe('TeamOutlined');
  });
});

import { type MenuSpec, agentMenus, dashboardCardPermissions, flattenMenus, platformMenus } from '@console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointRoutes, permissionOfRoute } from './routes-of-app.js';
import { createTestApp } from './test-app.js';

// The menu trees are where permissions are granted; the endpoints are where they are checked.
// A permission checked but never grantable locks every operator out of an endpoint; one granted
// but never checked makes the role editor promise what nothing enforces (the menu granted
// smsChannel.test while /smsChannel/test checked smsChannel.update, issue 15).
const t = await createTestApp();
afterAll(() => t.close());

/** What a tree can grant: its pages' names (screen permissions) and their action codes. */
function grantable(menus: MenuSpec[]): { pages: Set<string>; actions: Set<string> } {
  const all = flattenMenus(menus).map(({ spec }) => spec);
  return {
    pages: new Set(all.map((s) => s.name)),
    actions: new Set(all.flatMap((s) => Object.keys(s.actions ?? {}))),
  };
}

describe('permissions: menu trees and endpoints agree', () => {
  const platform = grantable(platformMenus);
  const agent = grantable(agentMenus);
  const routes = endpointRoutes(t.app);
  const checked = new Set(routes.map(permissionOfRoute).filter((p): p is string => p !== null));

  it('every permission an endpoint checks can be granted to the operators it serves', () => {
    const ungrantable = routes.flatMap((r) => {
      const p = permissionOfRoute(r);
      if (!p) return [];
      const inPlatform = platform.actions.has(p) || platform.pages.has(p);
      const inAgent = agent.actions.has(p) || agent.pages.has(p);
      const ok = { platform: inPlatform, agent: inAgent, any: inPlatform || inAgent }[r.endpoint.audience];
      return ok ? [] : [`${r.label} checks ${p} (${r.endpoint.audience})`];
    });
    expect(ungrantable).toEqual([]);
  });

  it('every action a menu tree grants guards some endpoint', () => {
    const unchecked = [
      ...[...platform.actions].filter((p) => !checked.has(p)).map((p) => `platform menu grants ${p}`),
      ...[...agent.actions].filter((p) => !checked.has(p)).map((p) => `agent menu grants ${p}`),
    ];
    expect(unchecked).toEqual([]);
  });

  it('every 首页 card is shown by a permission its side can grant', () => {
    const missing = Object.entries(dashboardCardPermissions).flatMap(([card, bySide]) =>
      Object.entries(bySide as Record<string, string>).flatMap(([side, p]) => {
        const tree = side === 'platform' ? platform : agent;
        return tree.actions.has(p) || tree.pages.has(p) ? [] : [`${card} (${side}): ${p}`];
      }),
    );
    expect(missing).toEqual([]);
  });
});

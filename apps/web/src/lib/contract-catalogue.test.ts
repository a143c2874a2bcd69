import { agentResource, dashboardEndpoints, ipRestrictionResource } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { loggedModules, resourceAtPath } from './contract-catalogue';

describe('loggedModules', () => {
  it('lists the modules of logged endpoints once each, sorted', () => {
    expect(loggedModules).toContain(ipRestrictionResource.module);
    expect(loggedModules).toContain('登录认证');
    expect(new Set(loggedModules).size).toBe(loggedModules.length);
    expect([...loggedModules].sort((a, b) => a.localeCompare(b, 'zh-CN'))).toEqual(loggedModules);
  });

  it('leaves out modules that only read (首页 only reads its figures)', () => {
    expect(loggedModules).not.toContain(dashboardEndpoints.summary.module);
  });
});

describe('resourceAtPath', () => {
  it('finds the resource whose prefix the path starts with', () => {
    expect(resourceAtPath('/api/ipRestriction/update')).toBe(ipRestrictionResource);
    expect(resourceAtPath('/api/agent/update')).toBe(agentResource);
  });

  it('needs a whole path segment and knows nothing of other endpoints', () => {
    expect(resourceAtPath('/api/ipRestrictionX/update')).toBeUndefined();
    expect(resourceAtPath('/api/adminLogin/changePassword')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { type EndpointDef, permissionOf } from '../endpoint.js';
import { flattenMenus, menusByScope } from '../menus/index.js';
import { agentAndroidResource, androidDeviceResource, androidEndpoints } from './android-device.js';
import { appVersionEndpoints, appVersionResource } from './app-version.js';
import { companyGroupEndpoints, companyGroupResource } from './company-group.js';
import { deviceCredentialEndpoints } from './device-credential.js';
import { enterpriseResource } from './enterprise.js';
import { agentGatewayResource, gatewayDeviceResource, gatewayEndpoints } from './gateway-device.js';
import { hardwareOrderEndpoints, hardwareOrderResource } from './hardware-order.js';
import { homeUserEndpoints, homeUserResource } from './home-user.js';
import {
  hardwareProductResource,
  macAddressResource,
  shipToAddressResource,
  zkbEquipmentNoResource,
} from './order-registers.js';
import { staffAppletEndpoints, staffAppletUserResource } from './staff-applet-user.js';
import { storeEndpoints, storeResource } from './store.js';
import { systemConfigEndpoints } from './system-config.js';
import { agentVoiceCodeResource, voiceCodeEndpoints, voiceCodeResource } from './voice-code.js';

const resources = [
  enterpriseResource,
  companyGroupResource,
  storeResource,
  homeUserResource,
  staffAppletUserResource,
  appVersionResource,
  androidDeviceResource,
  agentAndroidResource,
  voiceCodeResource,
  agentVoiceCodeResource,
  gatewayDeviceResource,
  agentGatewayResource,
  hardwareOrderResource,
  macAddressResource,
  zkbEquipmentNoResource,
  shipToAddressResource,
  hardwareProductResource,
];
const custom = [
  androidEndpoints,
  appVersionEndpoints,
  companyGroupEndpoints,
  deviceCredentialEndpoints,
  gatewayEndpoints,
  hardwareOrderEndpoints,
  homeUserEndpoints,
  staffAppletEndpoints,
  storeEndpoints,
  systemConfigEndpoints,
  voiceCodeEndpoints,
];
const endpoints: EndpointDef[] = [
  ...resources.flatMap((r) => Object.values(r.endpoints).filter((e): e is EndpointDef => e !== undefined)),
  ...custom.flatMap((group) => Object.values(group) as EndpointDef[]),
];
const codes = (scope: 'platform' | 'agent') =>
  new Set(flattenMenus(menusByScope[scope]).flatMap(({ spec }) => [spec.name, ...Object.keys(spec.actions ?? {})]));

// An endpoint whose permission no menu entry grants could never be called: catch it here.
describe('domain endpoints and the menu catalogue', () => {
  it('grants every permission an endpoint asks for in the scope of its audience', () => {
    const platform = codes('platform');
    const agent = codes('agent');
    const missing: string[] = [];
    for (const e of endpoints) {
      const permission = permissionOf(e.access);
      if (!permission) continue;
      const ok =
        e.audience === 'platform'
          ? platform.has(permission)
          : e.audience === 'agent'
            ? agent.has(permission)
            : platform.has(permission) || agent.has(permission);
      if (!ok) missing.push(`${e.path} → ${permission}`);
    }
    expect(missing).toEqual([]);
  });

  it('uses each method and path once', () => {
    const keys = endpoints.flatMap((e) => [e.method].flat().map((m) => `${m} ${e.path}`));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

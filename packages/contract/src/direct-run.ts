import { type EndpointDef, permissionOf } from './endpoint.js';
import type { AnyResource } from './resource.js';

/**
 * 直营 (direct-run): the provider screens mounted a second time under `/saasDirectStore` for
 * platform administrators, over the platform's reserved provider (agent.direct = 1). Each screen
 * and each endpoint is declared once; its direct-run twin is derived here:
 *
 * - path `/saasDirect<path>` (e.g. `/saasDirect/enterprise/page`), so the server knows from the
 *   route alone that the request acts in the reserved provider's scope, and on no other route;
 * - audience `platform`: a provider operator can never reach it;
 * - permission `direct<Resource>.<action>` (e.g. `directEnterprise.page`), granted by the
 *   platform's 直营管理 menu only, so holding 企业查看 does not let anyone write direct-run rows.
 */
export const DIRECT_RUN_PREFIX = '/saasDirect';
/** The console mount of the direct-run screens. */
export const DIRECT_RUN_MOUNT = '/saasDirectStore';

export type DirectRunEndpoint<E extends EndpointDef> = E & { directRun: true };

/** `enterprise.page` → `directEnterprise.page`. */
export function directRunPermission(code: string): string {
  return `direct${code.charAt(0).toUpperCase()}${code.slice(1)}`;
}

const twins = new WeakMap<EndpointDef, EndpointDef>();
const originals = new WeakMap<EndpointDef, EndpointDef>();

/** The direct-run twin of an endpoint; the same object on every call (routes and query keys stay stable). */
export function directRunEndpoint<E extends EndpointDef>(def: E): DirectRunEndpoint<E> {
  const known = twins.get(def);
  if (known) return known as DirectRunEndpoint<E>;
  const permission = permissionOf(def.access);
  if (!permission) throw new Error(`${def.path}: a direct-run endpoint needs a permission`);
  const twin = {
    ...def,
    path: `${DIRECT_RUN_PREFIX}${def.path}`,
    access: { permission: directRunPermission(permission) },
    audience: 'platform' as const,
    summary: `直营：${def.summary}`,
    directRun: true as const,
  };
  twins.set(def, twin);
  originals.set(twin, def);
  return twin;
}

/**
 * The endpoint a direct-run twin was made from, or the endpoint itself: a twin acts on the same
 * records as its original, so its operation-log rows name the original's resource (a record's
 * 操作历史 shows the edits made on either screen).
 */
export function directRunOriginal(def: EndpointDef): EndpointDef {
  return originals.get(def) ?? def;
}

/** True for a direct-run twin (the server then scopes the request to the reserved provider). */
export function isDirectRun(def: EndpointDef): boolean {
  return (def as Partial<DirectRunEndpoint<EndpointDef>>).directRun === true;
}

const resourceTwins = new WeakMap<AnyResource, AnyResource>();

/** A resource whose endpoints are all direct-run twins; schemas, filters and labels are shared. */
export function directRunResource<R extends AnyResource>(resource: R): R {
  const known = resourceTwins.get(resource);
  if (known) return known as R;
  const endpoints = Object.fromEntries(
    Object.entries(resource.endpoints).map(([action, def]) => [action, def ? directRunEndpoint(def) : undefined]),
  );
  const twin = { ...resource, endpoints } as R;
  resourceTwins.set(resource, twin);
  return twin;
}

/** Where a screen is mounted: a provider's console, or the platform's direct-run menu. */
export type ScreenMount = 'provider' | 'direct';

/** An endpoint as the given mount calls it. */
export function mountedEndpoint<E extends EndpointDef>(def: E, mount: ScreenMount): E {
  return mount === 'direct' ? directRunEndpoint(def) : def;
}

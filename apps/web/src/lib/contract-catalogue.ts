import * as contract from '@console/contract';
import { type AnyResource, DIRECT_RUN_PREFIX, type EndpointDef } from '@console/contract';

// What the contract declares, found by walking its exports, so a new resource or module needs no second list.
const exported: readonly unknown[] = Object.values(contract);

function isEndpoint(value: unknown): value is EndpointDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    'module' in value &&
    'write' in value &&
    'access' in value
  );
}

function isResource(value: unknown): value is AnyResource {
  return typeof value === 'object' && value !== null && 'prefix' in value && 'endpoints' in value && 'labels' in value;
}

/** The endpoints an export holds: itself, a resource's derived endpoints, or a group such as `authEndpoints`. */
function endpointsIn(value: unknown): EndpointDef[] {
  if (isEndpoint(value)) return [value];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const group = 'endpoints' in value ? value.endpoints : value;
  return typeof group === 'object' && group !== null ? Object.values(group).filter(isEndpoint) : [];
}

/**
 * Every module an operation-log row can name: the modules of the endpoints the server logs
 * (writes, and the reads it audits, such as exports), sorted for a select.
 */
export const loggedModules: readonly string[] = [
  ...new Set(
    exported
      .flatMap(endpointsIn)
      .filter((endpoint) => endpoint.write || endpoint.auditRead)
      .map((endpoint) => endpoint.module),
  ),
].sort((a, b) => a.localeCompare(b, 'zh-CN'));

const resources: readonly AnyResource[] = exported.filter(isResource);

/**
 * The resource an API path belongs to (`/api/ipRestriction/update` → IP 限制), or undefined for
 * endpoints outside every resource (sign-in, profile). The longest prefix wins (/agentMenu before /agent).
 */
export function resourceAtPath(path: string): AnyResource | undefined {
  // A 直营 twin (/api/saasDirect/store/renew) wrote the same record as the provider's endpoint.
  const own = path.startsWith(`/api${DIRECT_RUN_PREFIX}/`)
    ? `/api${path.slice(`/api${DIRECT_RUN_PREFIX}`.length)}`
    : path;
  return resources
    .filter((resource) => own.startsWith(`/api${resource.prefix}/`))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
}

import { type AnyResource, DIRECT_RUN_MOUNT, type ScreenMount, directRunResource } from '@console/contract';
import { useLocation } from 'react-router';
import { type WebResource, type WebResourceOptions, defineWebResource } from './define-web-resource';

/**
 * Where the screen showing now is mounted: a provider's console, or the platform's 直营 menu
 * (`/saasDirectStore/…`). Each tab has its own location, so a hidden tab keeps its mount.
 */
export function useScreenMount(): ScreenMount {
  const { pathname } = useLocation();
  return pathname.startsWith(`${DIRECT_RUN_MOUNT}/`) ? 'direct' : 'provider';
}

/** A resource as a mount calls it: the direct-run twin's endpoints under 直营. */
export function atMount<R extends AnyResource>(resource: R, mount: ScreenMount): R {
  return mount === 'direct' ? directRunResource(resource) : resource;
}

/**
 * One screen definition, mounted twice (provider path and /saasDirectStore path): the options are
 * written once, as a function of the mount, so reference pickers call the same mount's endpoints.
 */
export function defineMountedWebResource<R extends AnyResource>(
  resource: R,
  options: (mount: ScreenMount) => WebResourceOptions<R>,
): Record<ScreenMount, WebResource<R>> {
  return {
    provider: defineWebResource(resource, options('provider')),
    direct: defineWebResource(directRunResource(resource), options('direct')),
  };
}

/** The web resource of the screen showing now. */
export function useMountedWeb<R extends AnyResource>(webs: Record<ScreenMount, WebResource<R>>): WebResource<R> {
  return webs[useScreenMount()];
}

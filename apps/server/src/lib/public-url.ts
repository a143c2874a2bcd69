/**
 * The one way the server makes an absolute URL of its own: from the configured PUBLIC_URL. A
 * request's Host and X-Forwarded-Host are whatever its sender wrote (a proxy passes them on), so a
 * URL built from them and stored (an app package's download address, which terminals fetch)
 * would send every later reader to the sender's machine.
 */
export class PublicUrl {
  /** PUBLIC_URL without a trailing slash (config.ts). */
  readonly base: string;
  constructor(base: string) {
    this.base = base.replace(/\/+$/, '');
  }

  /** The absolute URL of a path on this console (`/files/<name>` → `https://console…/files/<name>`). */
  of(path: string): string {
    return `${this.base}${path.startsWith('/') ? path : `/${path}`}`;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publicUrl: PublicUrl;
  }
}

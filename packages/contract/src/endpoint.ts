import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call an endpoint.
 * - `public`: no session (sign-in, captcha, provider registration, health).
 * - `session`: any signed-in operator (own profile, own menu, logout, own messages).
 * - a permission code (a menu-catalogue entry such as `saasAdmin.create`): the operator's
 *   permission set must hold it. Platform admins get theirs from roles, provider operators
 *   from their provider's agent menu.
 */
export type Access = 'public' | 'session' | { permission: string };

/** Which kind of operator an endpoint serves; the server refuses the other kind with 403. */
export type Audience = 'platform' | 'agent' | 'any';

export interface EndpointDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod | readonly HttpMethod[];
  /** Path under `/api`, in the spec's style, e.g. `/saasAdmin/page`. */
  path: string;
  access: Access;
  audience: Audience;
  /** Chinese one-line summary: the OpenAPI document and the operation log use it. */
  summary: string;
  /** Operation-log module name (Chinese), e.g. 账号管理. Reads are not logged. */
  module: string;
  /** Writes are recorded in the operation log in the same transaction. */
  write: boolean;
  /**
   * Callable while the account must replace a password someone else set (changePsw = 1): the
   * change itself, the operator's own info and menus, sign-out. Every other session endpoint
   * answers 400224 until then.
   */
  beforePasswordChange?: true;
  /**
   * A read that is still recorded in the operation log (an export: who took which rows). The
   * row is written once the answer is complete, with its outcome.
   */
  auditRead?: true;
  /** Largest body in bytes, where an endpoint takes more than the server's 1 MB default (a file import). */
  bodyLimit?: number;
  query?: Q;
  body?: B;
  response: R;
  /**
   * Set when a success answers with a file (an .xlsx export) instead of the envelope; `response`
   * is then `fileResponse`. Failures before the first byte still answer with the envelope.
   */
  file?: { mediaType: string };
}

/** The `response` of a file endpoint: no JSON data travels on success, the body is the file. */
export const fileResponse = z.never();

export function defineEndpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: EndpointDef<Q, B, R>,
): EndpointDef<Q, B, R> {
  return def;
}

export function permissionOf(access: Access): string | null {
  return typeof access === 'object' ? access.permission : null;
}

export type QueryOf<E> = E extends EndpointDef<infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type BodyOf<E> = E extends EndpointDef<z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
export type ResponseOf<E> = E extends EndpointDef<z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** The signed-in operator behind a request, resolved from the `token` / `X-Token` header. */
export interface Operator {
  id: number;
  sessionId: number;
  loginName: string;
  name: string;
  /** 0 platform admin, 1 provider admin, 2 provider staff. */
  adminType: number;
  /** The provider an agent operator belongs to; null for platform admins. */
  agentId: number | null;
  /** Menu-catalogue codes (route names and action codes) this operator holds. */
  permissions: ReadonlySet<string>;
  /** The account holds a password someone else set (new, reset): only the change is allowed. */
  mustChangePassword: boolean;
  /**
   * Set when a platform admin views a provider's console (以服务商身份查看): the operator is then
   * the provider's administrator, and this names the admin behind the request (credentials/view-as-sessions.ts).
   */
  viewAs?: ViewAsIdentity;
}

/** The platform admin behind a view-as request, and what their session allows. */
export interface ViewAsIdentity {
  /** The view_as_session row. */
  id: number;
  adminId: number;
  adminName: string;
  adminLoginName: string;
  /** `read`: every write is refused (403110); `write`: the provider's writes pass, account actions do not. */
  mode: 'read' | 'write';
  reason: string | null;
  agentName: string;
  startedAt: string;
  expiresAt: string;
}

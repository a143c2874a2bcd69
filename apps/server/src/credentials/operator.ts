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
}

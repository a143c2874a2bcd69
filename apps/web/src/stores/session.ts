import {
  type CurrentUser,
  type LoginResult,
  type MenuTreeNode,
  type ReceivedMessageRow,
  authEndpoints,
  errors,
  permissionEndpoints,
} from '@console/contract';
import { create } from 'zustand';
import { api, callEndpoint, configureSessionHooks } from '../lib/api/request';
import { avatarUrl } from '../lib/avatar';
import {
  cookieNames,
  getToken,
  readCookie,
  readLocal,
  removeCookie,
  removeToken,
  setToken,
  writeCookie,
  writeLocal,
} from '../lib/storage';
import { useTabsStore } from './tabs';

type UserInfo = LoginResult['userInfo'];

/** The permission list came back empty: the account may not use the console (spec section 8). */
export class NoPermissionError extends Error {
  constructor() {
    super(errors.noPermissionAccount.message);
    this.name = 'NoPermissionError';
  }
}

export interface SessionState {
  token: string | undefined;
  name: string;
  adminType: number | null;
  userInfo: UserInfo | null;
  agentAdminDirect: 0 | 1;
  avatar: string;
  introduction: string;
  /** The signed-in account's own details from `/adminLogin/info`, once loaded. */
  profile: CurrentUser | null;
  /** Permitted route names (pages and directories); empty until loaded on first navigation. */
  roles: string[];
  menuTree: MenuTreeNode[];
  /** Every permitted code, route names and action codes (`saasAdmin.create`) alike. */
  permissions: ReadonlySet<string>;
  notReadNumber: number;
  notReadMessageList: ReceivedMessageRow[];
  /** Must set a new password before using the console. */
  changePsw: boolean;

  login: (result: LoginResult) => void;
  loadPermissions: () => Promise<void>;
  logout: () => Promise<void>;
  resetToken: () => void;
  /** Signed out elsewhere (errCode 5000): forget everything local without calling the server. */
  clearLocal: () => void;
  setProfile: (user: CurrentUser) => void;
  setChangePsw: (required: boolean) => void;
  setUnread: (total: number, list: ReceivedMessageRow[]) => void;
}

function readUserInfo(): UserInfo | null {
  const raw = readCookie(cookieNames.userInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

function readAdminType(): number | null {
  const raw = readCookie(cookieNames.adminType);
  return raw === undefined || raw === '' || Number.isNaN(Number(raw)) ? null : Number(raw);
}

/** Platform admins are adminType 0; every other type is a provider operator (spec section 6). */
export function isPlatformAdmin(adminType: number | null): boolean {
  return adminType === 0;
}

function collectCodes(nodes: MenuTreeNode[], pages: string[], all: Set<string>): void {
  for (const node of nodes) {
    all.add(node.url);
    if (node.kind !== 3) pages.push(node.url);
    collectCodes(node.children, pages, all);
  }
}

function initialState() {
  const userInfo = readUserInfo();
  return {
    token: getToken(),
    name: userInfo?.name ?? readCookie(cookieNames.username) ?? '',
    adminType: readAdminType(),
    userInfo,
    agentAdminDirect: readCookie(cookieNames.agentAdminDirect) === '1' ? (1 as const) : (0 as const),
    avatar: avatarUrl(userInfo?.headImg),
    introduction: '',
    profile: null,
    roles: [] as string[],
    menuTree: [] as MenuTreeNode[],
    permissions: new Set<string>() as ReadonlySet<string>,
    notReadNumber: 0,
    notReadMessageList: [] as ReceivedMessageRow[],
    changePsw: readLocal('changePsw') === '1',
  };
}

const storedUserCookies = [
  cookieNames.userInfo,
  cookieNames.agentAdminDirect,
  cookieNames.username,
  cookieNames.adminType,
] as const;

// The permission load under way, if any: a second caller waits for it instead of starting another.
let inFlight: Promise<void> | null = null;

type SetSession = (partial: Partial<SessionState>) => void;

type Audience = { adminType: number; agentId: string | null };

/** The permitted menu tree of an audience: the platform's, or the provider's agent menu. */
function fetchMenuTree({ adminType, agentId }: Audience): Promise<MenuTreeNode[]> {
  if (isPlatformAdmin(adminType)) return api(permissionEndpoints.getMenuList);
  return agentId ? api(permissionEndpoints.getAICMenu, { query: { aic: agentId } }) : Promise.resolve([]);
}

const sameAudience = (a: Audience, b: Audience) =>
  isPlatformAdmin(a.adminType) === isPlatformAdmin(b.adminType) &&
  (isPlatformAdmin(a.adminType) || a.agentId === b.agentId);

/**
 * The profile and the permitted menu tree. The cookies written at sign-in say whose console this is,
 * so the menu is asked for alongside the profile instead of after it (one round trip less on every
 * cold load); the profile stays the truth, and a guess it contradicts is asked for again.
 */
async function fetchPermissions(get: () => SessionState, set: SetSession): Promise<void> {
  const adminType = readAdminType();
  const guess: Audience | null = adminType === null ? null : { adminType, agentId: readUserInfo()?.agentId ?? null };
  const early = guess ? fetchMenuTree(guess) : null;
  // Settled here so a refusal of the guess (the profile's own error says why) is never unhandled.
  early?.catch(() => undefined);
  const user = await api(authEndpoints.info);
  get().setProfile(user);
  const actual: Audience = { adminType: user.adminType, agentId: user.agentId ?? null };
  const tree = early && guess && sameAudience(guess, actual) ? await early : await fetchMenuTree(actual);
  const pages: string[] = [];
  const all = new Set<string>();
  collectCodes(tree, pages, all);
  if (pages.length === 0) throw new NoPermissionError();
  set({ menuTree: tree, roles: pages, permissions: all });
}

export const useSession = create<SessionState>()((set, get) => ({
  ...initialState(),

  login: (result) => {
    setToken(result.token);
    writeCookie(cookieNames.userInfo, JSON.stringify(result.userInfo));
    writeCookie(cookieNames.agentAdminDirect, String(result.agentAdminDirect));
    writeCookie(cookieNames.username, result.userInfo.loginName);
    writeCookie(cookieNames.adminType, String(result.adminType));
    writeLocal('changePsw', String(result.changePsw));
    set({
      token: result.token,
      name: result.userInfo.name,
      adminType: result.adminType,
      userInfo: result.userInfo,
      agentAdminDirect: result.agentAdminDirect,
      avatar: avatarUrl(result.userInfo.headImg),
      changePsw: result.changePsw === 1,
      roles: [],
      menuTree: [],
      permissions: new Set(),
    });
  },

  loadPermissions: () => {
    // Overlapping callers (the guard, StrictMode's double effects, the live channel) share one load.
    inFlight ??= fetchPermissions(get, set).finally(() => {
      inFlight = null;
    });
    return inFlight;
  },

  logout: async () => {
    if (get().token) {
      // Best effort: an expired session or a dropped connection must not keep the operator signed in here.
      await callEndpoint(authEndpoints.logout, {
        body: {},
        quietCodes: [errors.notSignedIn.code],
      }).catch(() => undefined);
    }
    get().clearLocal();
  },

  resetToken: () => {
    removeToken();
    set({ token: undefined, roles: [], menuTree: [], permissions: new Set() });
  },

  clearLocal: () => {
    removeToken();
    for (const name of storedUserCookies) removeCookie(name);
    // 记住账号 and 记住密码 outlive the session: they belong to the browser, not to the sign-in.
    writeLocal('changePsw', '0');
    useTabsStore.getState().reset();
    set({ ...initialState(), token: undefined, name: '', adminType: null, userInfo: null, avatar: avatarUrl('') });
  },

  setProfile: (user) => {
    const userInfo: UserInfo = {
      id: user.id,
      name: user.name,
      loginName: user.loginName,
      agentId: user.agentId,
      headImg: user.headImg,
    };
    writeCookie(cookieNames.userInfo, JSON.stringify(userInfo));
    writeCookie(cookieNames.adminType, String(user.adminType));
    writeCookie(cookieNames.agentAdminDirect, String(user.agentAdminDirect));
    writeLocal('changePsw', String(user.changePsw));
    set({
      profile: user,
      userInfo,
      name: user.name,
      adminType: user.adminType,
      agentAdminDirect: user.agentAdminDirect,
      avatar: avatarUrl(user.headImg),
      changePsw: user.changePsw === 1,
    });
  },

  setChangePsw: (required) => {
    writeLocal('changePsw', required ? '1' : '0');
    set({ changePsw: required });
  },

  setUnread: (total, list) => set({ notReadNumber: total, notReadMessageList: list }),
}));

/** Does the signed-in operator hold this permission code (a route name or an action such as `saasAdmin.create`)? */
export function hasPermission(code: string): boolean {
  return useSession.getState().permissions.has(code);
}

export function usePermission(code: string): boolean {
  return useSession((state) => state.permissions.has(code));
}

// errCode 5000 means the server already ended the session; the 重新登录 dialog resets and reloads.
configureSessionHooks({
  signOut: () => useSession.getState().clearLocal(),
  relogin: () => {
    useSession.getState().resetToken();
    window.location.reload();
  },
});

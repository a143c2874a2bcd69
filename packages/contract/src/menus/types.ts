/**
 * One entry of the menu catalogue. `name` is the route name the permission lists carry (spec
 * section 2: "only routes whose names are on the list are kept"); it is unique within a scope.
 * Actions are permission codes `<resource>.<action>` that gate buttons and endpoints; granting a
 * page in the role editor grants its actions unless they are unticked.
 */
export interface MenuSpec {
  name: string;
  title: string;
  /** Full path for pages and directories, e.g. `/userMgt/agentMgt`. */
  path: string;
  /** Ant Design icon name, e.g. `TeamOutlined` (the console maps names to components). */
  icon?: string;
  hidden?: boolean;
  /** Sidebar badge source; `pendingApplication` is the store-application count. */
  badge?: 'pendingApplication';
  /** Child index a directory redirects to, when not its first visible child. */
  redirectIndex?: number;
  /** Permission code → Chinese title. */
  actions?: Record<string, string>;
  children?: MenuSpec[];
}

export type MenuScope = 'platform' | 'agent';

/** A node of the permitted menu tree the server sends (`getMenuList`, `getAICMenu`). */
export interface MenuTreeNode {
  id: string;
  url: string;
  title: string;
  icon: string;
  path: string;
  /** 1 directory, 2 page, 3 action. */
  kind: 1 | 2 | 3;
  hidden: boolean;
  children: MenuTreeNode[];
}

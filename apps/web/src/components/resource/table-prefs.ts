import { useCallback, useState } from 'react';
import { useSession } from '../../stores/session';

export type Density = 'large' | 'middle' | 'small';

export interface TablePrefs {
  hidden: string[];
  density: Density;
}

const defaults: TablePrefs = { hidden: [], density: 'middle' };

// Kept in this browser per signed-in account and resource; remembering on the server is a later step.
function storageKey(user: string, resource: string): string {
  return `console.table.${user}.${resource}`;
}

function read(key: string): TablePrefs {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return defaults;
    const parsed = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      hidden: Array.isArray(parsed.hidden) ? parsed.hidden.filter((n) => typeof n === 'string') : [],
      density: parsed.density === 'large' || parsed.density === 'small' ? parsed.density : 'middle',
    };
  } catch {
    return defaults;
  }
}

/** Column visibility and density of one resource's table, remembered for the signed-in account. */
export function useTablePrefs(resource: string): [TablePrefs, (next: TablePrefs) => void] {
  const user = useSession((state) => state.userInfo?.loginName ?? 'anonymous');
  const key = storageKey(user, resource);
  const [prefs, setPrefs] = useState(() => read(key));
  const update = useCallback(
    (next: TablePrefs) => {
      setPrefs(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Private mode or a full storage: the choice still applies until the tab closes.
      }
    },
    [key],
  );
  return [prefs, update];
}

import { createContext, useContext } from 'react';
import { type ScreenDef, findIn } from '../lib/menu-filter';

// The screens this operator may open, handed down by the console gate (app/console-gate.tsx),
// which holds the screen registry: a page links to another screen without importing the
// registry, which imports every page.
const OpenScreens = createContext<readonly ScreenDef[]>([]);

export const OpenScreensProvider = OpenScreens.Provider;

/** Whether the screen at a console path is built and open to this operator. */
export function useCanOpenScreen(): (path: string) => boolean {
  const open = useContext(OpenScreens);
  return (path) => findIn(open, path) !== undefined;
}

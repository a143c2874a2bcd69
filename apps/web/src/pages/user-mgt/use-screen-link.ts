import { useCanOpenScreen } from '../../components/open-screens';

/**
 * The address of a console screen with a query, when that screen is built and open to the
 * operator; otherwise undefined, so a count shows as plain text instead of a dead link.
 */
export function useScreenLink(): (path: string, query: Record<string, string>) => string | undefined {
  const canOpen = useCanOpenScreen();
  return (path, query) => (canOpen(path) ? `${path}?${new URLSearchParams(query).toString()}` : undefined);
}

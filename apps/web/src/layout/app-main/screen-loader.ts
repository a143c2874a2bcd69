import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Screen } from '../screens';

// One lazy component per screen, so re-renders and remounts reuse the loaded chunk.
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

export function lazyScreen(screen: Screen): LazyExoticComponent<ComponentType> {
  let component = cache.get(screen.path);
  if (!component) {
    component = lazy(screen.load);
    cache.set(screen.path, component);
  }
  return component;
}

/** React.lazy remembers a failed load; a retry needs a fresh one. */
export function forgetScreen(path: string): void {
  cache.delete(path);
}

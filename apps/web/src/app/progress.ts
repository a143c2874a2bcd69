import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { useEffect } from 'react';

NProgress.configure({ showSpinner: false, minimum: 0.15, trickleSpeed: 160 });

// Several sources (route chunks, permission loading) may ask at once; the bar shows while any does.
let active = 0;

function start(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

function done(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

/** Shows the top progress bar while `busy` is true (spec section 2: a progress bar during navigation). */
export function useProgress(busy: boolean): void {
  useEffect(() => {
    if (!busy) return undefined;
    start();
    return done;
  }, [busy]);
}

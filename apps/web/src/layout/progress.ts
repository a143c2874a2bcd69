import './progress.css';
import { useEffect } from 'react';

// The bar shows a little at once so that a short wait still reads as progress, then creeps
// towards a ceiling it never reaches on its own: only the last `done` fills it.
const START_PERCENT = 15;
const CEILING_PERCENT = 95;
const TRICKLE_MS = 160;

// Several sources (route chunks, permission loading) may ask at once; the bar shows while any does.
let active = 0;
let bar: HTMLDivElement | null = null;
let trickle: ReturnType<typeof setInterval> | undefined;

function start(): void {
  // A fresh element each time, so the filled and faded bar of the last wait does not animate back.
  bar?.remove();
  const el = document.createElement('div');
  el.className = 'top-progress';
  el.setAttribute('role', 'progressbar');
  el.setAttribute('aria-label', '页面加载中');
  let percent = START_PERCENT;
  el.style.width = `${percent}%`;
  document.body.append(el);
  bar = el;
  trickle = setInterval(() => {
    percent += (CEILING_PERCENT - percent) * 0.1;
    el.style.width = `${percent}%`;
  }, TRICKLE_MS);
}

function finish(): void {
  clearInterval(trickle);
  if (!bar) return;
  // CSS fills and fades it; no timer outlives the wait, and the next start replaces the element.
  bar.style.width = '100%';
  bar.dataset.done = 'true';
  bar.setAttribute('aria-hidden', 'true');
}

function begin(): void {
  active += 1;
  if (active === 1) start();
}

function end(): void {
  active = Math.max(0, active - 1);
  if (active === 0) finish();
}

/** Shows the top progress bar while `busy` is true (spec section 2: a progress bar during navigation). */
export function useProgress(busy: boolean): void {
  useEffect(() => {
    if (!busy) return undefined;
    begin();
    return end;
  }, [busy]);
}

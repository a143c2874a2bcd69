/**
 * What the sign-in form starts loading as it submits: the console's shell and the screen it will
 * open, fetched while the server checks the password instead of after it. The app registers it
 * (app/router.tsx), so the sign-in page neither imports nor downloads console code until then.
 */
let warmup: (path: string) => void = () => undefined;

export function configureConsoleWarmup(next: (path: string) => void): void {
  warmup = next;
}

/** Starts loading what `path` (a console address after sign-in) needs; never throws. */
export function warmConsole(path: string): void {
  try {
    warmup(path);
  } catch {
    // Only a head start: the route loads the same code again when it renders.
  }
}

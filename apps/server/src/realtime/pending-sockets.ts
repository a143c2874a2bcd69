/**
 * Sockets that are open but not yet authenticated, counted per address. An unauthenticated socket
 * costs the server a connection and a timer for up to SOCKET_AUTH_TIMEOUT_MS while proving
 * nothing, so one address may hold only so many at once (an office behind one NAT opens one per
 * console tab, each authenticating within milliseconds). Authenticated sockets do not count.
 */
export class PendingSockets {
  private readonly counts = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  /** A release function when the address is under its cap (call it once, on auth or close); else null. */
  admit(address: string): (() => void) | null {
    const now = this.counts.get(address) ?? 0;
    if (now >= this.perAddress) return null;
    this.counts.set(address, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left > 0) this.counts.set(address, left);
      else this.counts.delete(address);
    };
  }

  /** Pending sockets of an address (tests, diagnostics). */
  of(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}

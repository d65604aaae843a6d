/** Live-room sockets one client may hold open in this process (decision 0042). */
export interface SocketCapLimits {
  perAddress: number;
  perUser: number;
}

/**
 * Counts this process's live-room sockets per client address and per user. A place is taken
 * before the upgrade, in one synchronous step (a burst of connections cannot pass the cap between
 * a check and an increment), and given back once when the connection ends.
 */
export class SocketCaps {
  private readonly byAddress = new Map<string, number>();
  private readonly byUser = new Map<number, number>();

  constructor(private readonly limits: SocketCapLimits) {}

  /** A place for one more socket, as the function that gives it back; null when a cap is reached. */
  take(address: string, userId: number | undefined): (() => void) | null {
    const a = this.byAddress.get(address) ?? 0;
    const u = userId === undefined ? 0 : (this.byUser.get(userId) ?? 0);
    if (a >= this.limits.perAddress || u >= this.limits.perUser) return null;
    this.byAddress.set(address, a + 1);
    if (userId !== undefined) this.byUser.set(userId, u + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      drop(this.byAddress, address);
      if (userId !== undefined) drop(this.byUser, userId);
    };
  }
}

function drop<K>(counts: Map<K, number>, key: K): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

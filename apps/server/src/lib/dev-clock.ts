/**
 * A clock that runs ahead of real time by an offset that only grows (DEV_CLOCK=1, never in
 * production): a browser test attends an hour-long live, then claims its credit, in seconds.
 * Moving back would let rows be written "before" rows already written (ledgers, evidence).
 */
export class DevClock {
  private offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  get offsetS(): number {
    return Math.round(this.offsetMs / 1000);
  }
}

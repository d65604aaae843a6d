/**
 * When each start-up step ended, in milliseconds since the process started (performance.now()
 * counts from there): logged once with "medportal server ready", so a slow restart shows where its
 * time went (decision record 0077).
 */
const marks: Record<string, number> = {};

export function markStart(phase: string): void {
  marks[phase] ??= Math.round(performance.now());
}

export function startPhases(): Readonly<Record<string, number>> {
  return { ...marks };
}

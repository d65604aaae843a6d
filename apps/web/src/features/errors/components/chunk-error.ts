/** True for the errors browsers raise when a lazily loaded script chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** The chunk URL named in a chunk-load error message, when there is one. */
export function chunkUrlOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return message.match(/https?:\/\/\S+?\.(?:m?js|css)\b/)?.[0] ?? null;
}

/** Whether the chunk is still unavailable (a failed probe or an unknown URL counts as failing). */
export async function chunkStillFailing(error: unknown): Promise<boolean> {
  const url = chunkUrlOf(error);
  if (!url) return true;
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return !res.ok;
  } catch {
    return true;
  }
}

/** Picks br, then gzip, from Accept-Encoding (honouring q=0); null = send uncompressed. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const star = accepted.get('*') ?? 0;
  const ok = (name: string) => (accepted.get(name) ?? star) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

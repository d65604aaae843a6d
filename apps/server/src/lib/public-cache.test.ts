import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf, PublicCache } from './public-cache.ts';

const body = (n: number, fill = 'x') => Buffer.from(fill.repeat(n));
const JSON_TYPE = 'application/json';

function cache(maxBytes = 100_000) {
  let t = 1_000_000;
  const c = new PublicCache({ maxBytes, now: () => t, compress: false });
  return { c, advance: (ms: number) => (t += ms) };
}

describe('PublicCache', () => {
  it('keeps payloads within its byte budget, dropping the least recently used first', () => {
    // Each entry counts its body, its key and a fixed overhead: 402 bytes here.
    const { c } = cache(1_900);
    for (const k of ['a', 'b', 'c', 'd']) c.store(k, body(200), JSON_TYPE, ['t'], 60_000, c.mark);
    // Reading `a` makes `b` the least recently used.
    expect(c.lookup('a').state).toBe('fresh');
    c.store('e', body(200), JSON_TYPE, ['t'], 60_000, c.mark);
    expect(c.stats().bytes).toBeLessThanOrEqual(1_900);
    expect(c.lookup('b').state).toBe('miss');
    for (const k of ['a', 'c', 'd', 'e']) expect(c.lookup(k).state).toBe('fresh');
    expect(c.stats().evictions).toBe(1);
    // A payload too big for a quarter of the budget is not kept at all.
    expect(c.store('huge', body(500), JSON_TYPE, ['t'], 60_000, c.mark)).toBeNull();
    expect(c.lookup('a').state).toBe('fresh');
  });

  it('drops by tag, by tag prefix and everything', () => {
    const { c } = cache();
    c.store('course-1', body(10), JSON_TYPE, ['course:1'], 60_000, c.mark);
    c.store('course-2', body(10), JSON_TYPE, ['course:2'], 60_000, c.mark);
    c.store('list', body(10), JSON_TYPE, ['courses'], 60_000, c.mark);
    c.store('news', body(10), JSON_TYPE, ['news:1', 'people'], 60_000, c.mark);
    expect(c.invalidate(['course:1'])).toBe(1);
    expect(c.lookup('course-1').state).toBe('miss');
    expect(c.lookup('course-2').state).toBe('fresh');
    expect(c.invalidate(['course:*'])).toBe(1);
    expect(c.lookup('list').state).toBe('fresh');
    expect(c.invalidate(['people'])).toBe(1);
    expect(c.lookup('news').state).toBe('miss');
    c.invalidate(['*']);
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a build that read the data before a write to one of its tags', () => {
    const { c } = cache();
    const started = c.mark;
    c.invalidate(['news:7']);
    expect(c.store('detail', body(10), JSON_TYPE, ['news:7'], 60_000, started)).toBeNull();
    expect(c.stats().discarded).toBe(1);
    // Another tag's write does not matter, nor a write before the build began.
    expect(c.store('other', body(10), JSON_TYPE, ['news:8'], 60_000, started)).not.toBeNull();
    expect(c.store('detail', body(10), JSON_TYPE, ['news:7'], 60_000, c.mark)).not.toBeNull();
    const prefixStart = c.mark;
    c.invalidate(['news:*']);
    expect(c.store('detail', body(10), JSON_TYPE, ['news:9'], 60_000, prefixStart)).toBeNull();
    const allStart = c.mark;
    c.invalidate(['*']);
    expect(c.store('anything', body(10), JSON_TYPE, ['site'], 60_000, allStart)).toBeNull();
  });

  it('lets one caller rebuild an expired payload while the others get it a little longer', () => {
    const { c, advance } = cache();
    c.store('k', body(10), JSON_TYPE, ['t'], 1_000, c.mark);
    advance(1_500);
    expect(c.lookup('k').state).toBe('refresh');
    expect(c.lookup('k').state).toBe('stale');
    c.store('k', body(12), JSON_TYPE, ['t'], 1_000, c.mark);
    expect(c.lookup('k')).toMatchObject({ state: 'fresh' });
    // Long past its end nobody gets it.
    advance(60_000);
    expect(c.lookup('k').state).toBe('miss');
  });

  it('gives each payload a weak ETag that If-None-Match finds in a list', () => {
    const tag = etagOf(Buffer.from('{"code":0}'));
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(etagOf(Buffer.from('{"code":0}'))).toBe(tag);
    expect(etagOf(Buffer.from('{"code":1}'))).not.toBe(tag);
    expect(etagMatches(`"a", ${tag}`, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});

describe('PublicCache against a plain model', () => {
  /** A seeded generator: a failure replays the same run. */
  const rng = (seed: number) => () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

  it('keeps its byte budget, its LRU order and its tag index through random stores, reads and drops', () => {
    const random = rng(7);
    const maxBytes = 6_000;
    const { c } = cache(maxBytes);
    // The model: keys in recency order (oldest first), each with its size and tags.
    let model: { key: string; bytes: number; tags: readonly string[] }[] = [];
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const KEYS = Array.from({ length: 30 }, (_, i) => `k${i}`);
    const TAGS = ['news', 'news:1', 'news:2', 'courses', 'courses:7', 'home'];
    for (let step = 0; step < 3_000; step++) {
      const op = random();
      if (op < 0.5) {
        const key = pick(KEYS);
        const tags = [pick(TAGS), pick(TAGS)];
        const stored = c.store(key, body(50 + Math.floor(random() * 900)), JSON_TYPE, tags, 600_000, c.mark);
        model = model.filter((m) => m.key !== key);
        if (stored) {
          model.push({ key, bytes: stored.bytes, tags: stored.tags });
          let total = model.reduce((n, m) => n + m.bytes, 0);
          while (total > maxBytes) total -= model.shift()!.bytes;
        }
      } else if (op < 0.85) {
        const key = pick(KEYS);
        const state = c.lookup(key).state;
        const i = model.findIndex((m) => m.key === key);
        expect(state).toBe(i >= 0 ? 'fresh' : 'miss');
        if (i >= 0) model.push(...model.splice(i, 1));
      } else if (op < 0.99) {
        const tag = pick([...TAGS, 'news:*', 'courses:*']);
        const prefix = tag.endsWith(':*') ? tag.slice(0, -1) : null;
        const hit = (t: string) => (prefix ? t.startsWith(prefix) : t === tag);
        const gone = model.filter((m) => m.tags.some(hit)).length;
        expect(c.invalidate([tag])).toBe(gone);
        model = model.filter((m) => !m.tags.some(hit));
      } else {
        expect(c.invalidate(['*'])).toBe(model.length);
        model = [];
      }
      const stats = c.stats();
      expect(stats.entries).toBe(model.length);
      expect(stats.bytes).toBe(model.reduce((n, m) => n + m.bytes, 0));
      expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    }
    for (const k of KEYS) expect(c.peek(k) !== null).toBe(model.some((m) => m.key === k));
  });

  it('counts the compressed copies in the byte budget, and a tag still drops a compressed entry', async () => {
    const c = new PublicCache({ maxBytes: 1_000_000 });
    const stored = c.store('big', body(20_000, 'ab'), JSON_TYPE, ['news:1'], 60_000, c.mark)!;
    const plain = c.stats().bytes;
    expect(plain).toBe(stored.bytes);
    await expect.poll(() => c.peek('big')?.br !== null && c.peek('big')?.gzip !== null).toBe(true);
    const compressed = c.peek('big')!;
    expect(c.stats().bytes).toBe(plain + compressed.br!.length + compressed.gzip!.length);
    expect(c.invalidate(['news:*'])).toBe(1);
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

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

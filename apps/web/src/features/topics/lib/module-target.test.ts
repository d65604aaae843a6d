import { describe, expect, it } from 'vitest';
import { resolveModuleTarget } from './module-target';

describe('resolveModuleTarget', () => {
  it('sends each module to its own page', () => {
    expect(resolveModuleTarget('course', '5')).toBe('/course/5');
    expect(resolveModuleTarget('news', '12')).toBe('/news/12');
    expect(resolveModuleTarget('live', '3')).toBe('/w/o/live/3');
    expect(resolveModuleTarget('vod', '3')).toBe('/w/o/vod/3');
    expect(resolveModuleTarget('speaker', '7')).toBe('/speaker/7');
    expect(resolveModuleTarget('column', '2')).toBe('/column/index');
    expect(resolveModuleTarget('paper', '4')).toBe('/paper/4');
    expect(resolveModuleTarget('topic', '6')).toBe('/topic?id=6');
    expect(resolveModuleTarget('hospital', '1')).toBe('/hospital/1');
    expect(resolveModuleTarget('organizer', '1')).toBe('/organizer/1');
    expect(resolveModuleTarget('keywords', '9')).toBe('/keywords/9');
    expect(resolveModuleTarget('keyword', '9')).toBe('/keywords/9');
  });

  it('answers null (the 404 page) for unknown modules', () => {
    for (const module of ['unknown', 'toString', '__proto__', 'constructor', 'Course', '']) {
      expect(resolveModuleTarget(module, '1')).toBeNull();
    }
    expect(resolveModuleTarget(undefined, '1')).toBeNull();
  });

  it('answers null for ids that are not positive integers in range', () => {
    for (const id of ['abc', '0', '-1', '1.5', '01', '1e3', ' 1', '2147483648', '99999999999', '']) {
      expect(resolveModuleTarget('course', id)).toBeNull();
    }
    expect(resolveModuleTarget('course', undefined)).toBeNull();
    expect(resolveModuleTarget('course', '2147483647')).toBe('/course/2147483647');
  });
});

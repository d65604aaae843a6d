import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './encoding.ts';
import { languageFromHeader, pick } from './i18n.ts';

describe('pick', () => {
  it('falls back to Chinese when the English text is missing', () => {
    expect(pick('en', '课程', null)).toBe('课程');
    expect(pick('en', '课程', 'Course')).toBe('Course');
    expect(pick('zh_CN', '课程', 'Course')).toBe('课程');
  });
});

describe('languageFromHeader', () => {
  it('takes the best-ranked zh or en tag', () => {
    expect(languageFromHeader('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(languageFromHeader('fr-FR,zh-TW;q=0.7,en;q=0.5')).toBe('zh_CN');
    expect(languageFromHeader('en;q=0.2,zh;q=0.9')).toBe('zh_CN');
    expect(languageFromHeader('de-DE')).toBeUndefined();
    expect(languageFromHeader(undefined)).toBeUndefined();
  });
});

describe('preferredEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, splitByTerms } from './highlight';

const marked = (text: string, terms: string[]) =>
  splitByTerms(text, terms)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('splitByTerms', () => {
  it('marks every occurrence of every term', () => {
    expect(marked('肺癌靶向治疗与肺癌筛查', ['肺癌', '筛查'])).toBe('[肺癌]靶向治疗与[肺癌][筛查]');
  });

  it('ignores case but keeps the original text', () => {
    expect(marked('Diabetes and DIABETIC care', ['diabet'])).toBe('[Diabet]es and [DIABET]IC care');
  });

  it('prefers the longer term where terms overlap', () => {
    expect(marked('肺癌筛查', ['肺', '肺癌筛查'])).toBe('[肺癌筛查]');
  });

  it('treats regular-expression characters literally', () => {
    expect(marked('C++ (a.b) a*b', ['c++', '(a.b)', '*'])).toBe('[C++] [(a.b)] a[*]b');
  });

  it('returns the text unchanged without usable terms', () => {
    expect(splitByTerms('abc', [])).toEqual([{ text: 'abc', match: false }]);
    expect(splitByTerms('abc', ['', '  '])).toEqual([{ text: 'abc', match: false }]);
    expect(splitByTerms('', ['a'])).toEqual([]);
    const parts = splitByTerms('a b a', ['a']);
    expect(parts.map((p) => p.text).join('')).toBe('a b a');
  });
});

describe('<Highlight>', () => {
  it('wraps matches in <mark> and renders markup in the text as text', () => {
    const { container } = render(
      <p>
        <Highlight text={'<img src=x onerror="alert(1)"> 肺癌 <b>bold</b>'} terms={['肺癌', 'img']} />
      </p>,
    );
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['img', '肺癌']);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> 肺癌 <b>bold</b>');
  });
});

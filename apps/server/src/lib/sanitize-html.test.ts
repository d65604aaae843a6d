import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeLinkHref, isSitePath, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (allow-list)', () => {
  it('drops scripts and styles with their content, event handlers and style attributes', () => {
    const out = sanitizeHtml('<p onclick="x()" style="color:red">Hi<script>alert(1)</script><style>p{}</style><img src="a.png" onerror="alert(2)"></p>');
    expect(out).toBe('<p>Hi<img src="a.png"></p>');
  });

  it('keeps only http(s) links, with rel="noopener noreferrer", whatever the encoding of the scheme', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x61;script:alert(1)', ' javascript:alert(1)', 'java\tscript:x', 'data:text/html,x', 'vbscript:x', '//evil.example', '/relative']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<a href="https://doi.org/10.1/x" target="_self" rel="opener">d</a>')).toBe(
      '<a href="https://doi.org/10.1/x" rel="noopener noreferrer" target="_blank">d</a>',
    );
  });

  it('keeps relative and https images only', () => {
    expect(isSafeImageSrc('/media/a.svg')).toBe(true);
    expect(isSafeImageSrc('img/a.png')).toBe(true);
    expect(isSafeImageSrc('https://cdn.example/a.png')).toBe(true);
    for (const src of ['http://x/a.png', '//x/a.png', 'javascript:alert(1)', 'data:image/png;base64,AA', '/\\evil.example/a.png', '']) {
      expect(isSafeImageSrc(src), src).toBe(false);
    }
    expect(isSafeLinkHref('http://example.org')).toBe(true);
  });

  it('keeps the allowed structure and strips unknown tags but not their text', () => {
    const html = '<h2>A</h2><h3>B</h3><h4>C</h4><ul><li><strong>s</strong> <em>e</em></li></ul><ol><li>1</li></ol><blockquote>q</blockquote>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('<div class="x"><span>t</span><iframe src="https://x"></iframe><form><input></form></div>')).toBe('t');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('keeps paths of the site only when asked (site pages), without a new tab', () => {
    expect(sanitizeHtml('<a href="/privacy">p</a>')).toBe('<a>p</a>');
    expect(sanitizeHtml('<a href="/privacy/sdk?x=1" target="_blank">p</a>', { sitePaths: true })).toBe('<a href="/privacy/sdk?x=1">p</a>');
    for (const href of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'relative', ' /x\\y']) {
      expect(isSitePath(href), href).toBe(false);
      expect(sanitizeHtml(`<a href="${href}">x</a>`, { sitePaths: true }), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<a href="https://x.example/">x</a>', { sitePaths: true })).toBe('<a href="https://x.example/" rel="noopener noreferrer" target="_blank">x</a>');
  });
});

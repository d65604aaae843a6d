import xss from 'xss';
import type * as XssModule from 'xss';

// xss is CommonJS: Node's ESM loader (the production bundle) only offers its default export.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof XssModule;

/**
 * Allow-list HTML sanitiser for editor-written bodies (news). Everything not listed is dropped:
 * scripts and styles with their content, event handlers, style attributes, unknown tags (their text
 * is kept). Links must be absolute http(s) and open with rel="noopener noreferrer"; images must be
 * relative paths or https. The web renders the result with dangerouslySetInnerHTML, so this is the
 * one place that decides what markup reaches the page.
 */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  blockquote: [],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

// Raw-text elements whose content is dropped with them; other unknown tags keep their (escaped) text.
const DROP_WITH_CONTENT = ['script', 'style', 'xmp', 'noembed', 'noframes', 'iframe', 'textarea', 'title'];
/** xss marks stripped bodies it could not pair (nested or unclosed tags) with these. */
const LEFTOVER_MARKERS = /\[\/?removed\]/g;

/** Decoded attribute value with whitespace and control characters removed (as browsers ignore them). */
function normalise(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return friendlyAttrValue(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

export function isSafeLinkHref(raw: string): boolean {
  const v = normalise(raw);
  return /^https?:\/\/[^/\\]/i.test(v) && !v.includes('\\');
}

export function isSafeImageSrc(raw: string): boolean {
  const v = normalise(raw);
  if (v === '' || v.includes('\\')) return false;
  if (/^https:\/\/[^/]/i.test(v)) return true;
  // Relative: no scheme, not protocol-relative.
  return !v.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(v);
}

/** A path of this site ("/privacy", "/course/more?x=1"): one leading slash, no backslash or scheme. */
export function isSitePath(raw: string): boolean {
  const v = normalise(raw);
  return /^\/(?![/\\])/.test(v) && !v.includes('\\');
}

function makeFilter(sitePaths: boolean): InstanceType<typeof FilterXSS> {
  return new FilterXSS({
    whiteList: ALLOWED,
    stripIgnoreTag: true,
    stripIgnoreTagBody: DROP_WITH_CONTENT,
    allowCommentTag: false,
    css: false,
    onTagAttr(tag, name, value) {
      if (tag === 'a' && name === 'href') {
        // Links inside the site stay in the tab (the web app routes them itself).
        if (sitePaths && isSitePath(value)) return `href="${escapeAttrValue(friendlyAttrValue(value).trim())}"`;
        if (!isSafeLinkHref(value)) return '';
        return `href="${escapeAttrValue(friendlyAttrValue(value).trim())}" rel="noopener noreferrer" target="_blank"`;
      }
      if (tag === 'img' && name === 'src') {
        if (!isSafeImageSrc(value)) return '';
        return `src="${escapeAttrValue(friendlyAttrValue(value).trim())}"`;
      }
      if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') && ALLOWED[tag]?.includes(name)) {
        return /^\d{1,4}$/.test(value.trim()) ? `${name}="${value.trim()}"` : '';
      }
      return undefined;
    },
  });
}

const filters = { external: makeFilter(false), site: makeFilter(true) };

/** An image of this site's upload store (`/uploads/<month>/<key>.<ext>`). */
export function isOwnImageSrc(raw: string): boolean {
  return /^\/uploads\/\d{6}\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/.test(normalise(raw));
}

/**
 * `sitePaths`: also keep links to paths of this site (operator-written site pages); editor bodies
 * (news) allow absolute http(s) links only. `ownImages`: keep only images of this site's upload
 * store (what the console's editor saves: other sites' images would track readers and can vanish);
 * other images are dropped whole.
 */
export function sanitizeHtml(html: string, opts: { sitePaths?: boolean; ownImages?: boolean } = {}): string {
  const out = (opts.sitePaths ? filters.site : filters.external).process(html).replace(LEFTOVER_MARKERS, '');
  if (!opts.ownImages) return out;
  // The sanitised markup is regular: every attribute value is double-quoted and escaped.
  return out.replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    return src !== undefined && isOwnImageSrc(src) ? tag : '';
  });
}

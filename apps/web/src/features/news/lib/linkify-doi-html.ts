import { DOI_PATTERN } from '@medportal/contract/constants';
import { doiUrl } from '../../../shared/format/doi';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', amp: '&' };

/** The text a run of escaped HTML text stands for. */
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * Turns DOI text (10.xxxx/...) in the text of server-sanitised HTML into links to
 * https://doi.org/<doi> (spec §5); text already inside a link is left alone.
 *
 * Works on the sanitised HTML as a string, like fitBodyHeadings: its text has every `<` escaped,
 * so the string splits cleanly into tags and text. A DOI is found in the decoded text and written
 * back escaped, so markup cannot be forged through the text.
 */
export function linkifyDoiInHtml(html: string): string {
  let linkDepth = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) linkDepth += 1;
        else if (/^<\/a\s*>/i.test(part)) linkDepth = Math.max(0, linkDepth - 1);
        return part;
      }
      if (linkDepth > 0 || !/10\./.test(part)) return part;
      const text = decode(part);
      const matches = [...text.matchAll(new RegExp(DOI_PATTERN.source, 'g'))];
      if (matches.length === 0) return part;
      let out = '';
      let last = 0;
      for (const match of matches) {
        out += escapeText(text.slice(last, match.index));
        out += `<a href="${escapeAttr(doiUrl(match[0]))}" target="_blank" rel="noopener noreferrer" class="doi-link">${escapeText(match[0])}</a>`;
        last = match.index + match[0].length;
      }
      return out + escapeText(text.slice(last));
    })
    .join('');
}

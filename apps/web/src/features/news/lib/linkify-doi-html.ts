import { DOI_PATTERN } from '@medportal/contract/constants';
import { doiUrl } from '../../../shared/format/doi';

/**
 * Turns DOI text (10.xxxx/...) in the text nodes of server-sanitised HTML into links to
 * https://doi.org/<doi> (spec §5). Works on a parsed DOMParser document, never on the HTML string,
 * so markup cannot be forged through the text; text already inside a link is left alone.
 */
export function linkifyDoiInHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement?.closest('a') ?? null)) texts.push(node as Text);
  }
  for (const text of texts) {
    const value = text.data;
    const pattern = new RegExp(DOI_PATTERN.source, 'g');
    const matches = [...value.matchAll(pattern)];
    if (matches.length === 0) continue;
    const fragment = doc.createDocumentFragment();
    let last = 0;
    for (const match of matches) {
      if (match.index > last) fragment.append(value.slice(last, match.index));
      const a = doc.createElement('a');
      a.href = doiUrl(match[0]);
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.className = 'doi-link';
      a.textContent = match[0];
      fragment.append(a);
      last = match.index + match[0].length;
    }
    if (last < value.length) fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return doc.body.innerHTML;
}

import type { ReactNode } from 'react';
import { DOI_PATTERN } from '@medportal/contract/constants';

/** Resolver address of a DOI. */
export const doiUrl = (doi: string): string => `https://doi.org/${encodeURI(doi)}`;

/**
 * Text with every DOI (10.xxxx/...) turned into a link (spec §5). Returns React nodes: the text
 * stays text (React escapes it), so nothing in it can inject markup.
 */
export function linkifyDoi(text: string): ReactNode[] {
  const pattern = new RegExp(DOI_PATTERN.source, 'g');
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    const doi = match[0];
    nodes.push(
      <a key={`${start}-${doi}`} href={doiUrl(doi)} target="_blank" rel="noopener noreferrer" className="doi-link">
        {doi}
      </a>,
    );
    last = start + doi.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

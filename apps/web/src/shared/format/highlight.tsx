import { Fragment, type ReactNode } from 'react';

export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * Splits `text` where any of `terms` occurs (case-insensitive; longer terms win where they
 * overlap). Concatenating the parts gives `text` back unchanged.
 */
export function splitByTerms(text: string, terms: readonly string[]): TextPart[] {
  const usable = [...new Set(terms.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!text || usable.length === 0) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(usable.map(escapeRegExp).join('|'), 'gi');
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** `text` with every occurrence of `terms` in a `<mark>`; built from text nodes, never HTML. */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }): ReactNode {
  return splitByTerms(text, terms).map((part, i) =>
    part.match ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
  );
}

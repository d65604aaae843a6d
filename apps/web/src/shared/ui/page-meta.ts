import { useEffect } from 'react';
import { titleOverrideStore } from './document-title';

/**
 * What a page says about itself to search engines and share cards: its own title (without the
 * product name), a description, a share image, and structured data (schema.org JSON-LD).
 */
export interface PageMeta {
  title?: string;
  description?: string;
  image?: string;
  /** Open Graph type: `website` unless the page is an article, a video or a profile. */
  type?: 'website' | 'article' | 'video.other' | 'profile';
  jsonLd?: Record<string, unknown>[];
}

let collecting: PageMeta | null = null;

/** Server rendering: collects what the page renders into `usePageMeta` during one render pass. */
export function collectPageMeta(): { take: () => PageMeta } {
  collecting = {};
  return {
    take() {
      const meta = collecting ?? {};
      collecting = null;
      return meta;
    },
  };
}

/** Plain text of at most `max` characters for a description (HTML tags and extra spaces removed). */
export function summarize(text: string | null | undefined, max = 150): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * Declares the page's meta. On the server it lands in the HTML head; in the browser the title
 * follows it (the route's own title otherwise) and the description is kept current.
 */
export function usePageMeta(meta: PageMeta | null): void {
  if (collecting && meta) Object.assign(collecting, meta);
  const title = meta?.title ?? null;
  const description = meta?.description ?? null;
  useEffect(() => {
    if (!title) return;
    titleOverrideStore.set(title);
    return () => titleOverrideStore.set(null);
  }, [title]);
  useEffect(() => {
    if (!description) return;
    const tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (tag) tag.content = description;
  }, [description]);
}

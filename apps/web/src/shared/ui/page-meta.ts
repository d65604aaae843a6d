import { useEffect } from 'react';
import { useWechatShare } from '../wechat-jssdk';

/**
 * What a page says about itself to search engines and share cards: a description, a share image,
 * structured data (schema.org JSON-LD) and, for "not found" states, the HTTP status. The title
 * comes from the route, or from the page's `useTitleOverride` (recorded here on the server).
 */
export interface PageMeta {
  /** The whole document title, as `useTitleOverride` sets it. */
  title?: string;
  /** HTTP status of a server-rendered page that shows "not found". */
  status?: number;
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

/** Server rendering: the document title a page set for itself. */
export function noteTitle(title: string): void {
  if (collecting) collecting.title = title;
}

/**
 * Declares the page's meta. On the server it lands in the HTML head; in the browser the
 * description is kept current (the rest matters to crawlers and share cards only).
 */
export function usePageMeta(meta: PageMeta | null): void {
  if (collecting && meta) Object.assign(collecting, meta);
  const description = meta?.description ?? null;
  // Inside WeChat the same description and image make the share card; the title is the tab's.
  useWechatShare(meta && meta.status === undefined ? { title: meta.title ?? '', desc: description ?? '', image: meta.image ?? null } : null);
  useEffect(() => {
    if (!description) return;
    const tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (tag) tag.content = description;
  }, [description]);
}

import type { Lang } from '../i18n';

/**
 * schema.org objects for a page's JSON-LD (usePageMeta). Links are paths: the server makes them
 * absolute with the site's origin when it writes the page.
 */
type Thing = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const inLanguage = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en');

export const breadcrumbs = (trail: ReadonlyArray<{ name: string; path: string }>): Thing => ({
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: step.path })),
});

export const organization = (name: string): Thing => ({ '@type': 'Organization', name, url: '/' });

export function courseLd(c: { title: string; description: string; cover: string; path: string; price: number; teachers: string[] }, site: string, lang: Lang): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    name: c.title,
    description: c.description || c.title,
    url: c.path,
    image: c.cover || undefined,
    inLanguage: inLanguage(lang),
    provider: organization(site),
    ...(c.teachers.length ? { instructor: c.teachers.map((name) => ({ '@type': 'Person', name })) } : {}),
    offers: { '@type': 'Offer', category: c.price > 0 ? 'Paid' : 'Free', price: (c.price / 100).toFixed(2), priceCurrency: 'CNY' },
  };
}

export function newsArticleLd(n: { title: string; description: string; cover: string; path: string; publishedAt: string; author: string | null }, site: string, lang: Lang): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: n.title,
    description: n.description || undefined,
    url: n.path,
    image: n.cover ? [n.cover] : undefined,
    datePublished: n.publishedAt,
    inLanguage: inLanguage(lang),
    author: n.author ? { '@type': 'Person', name: n.author } : organization(site),
    publisher: organization(site),
  };
}

export function personLd(p: { name: string; title: string; avatar: string; path: string; worksFor: string | null; description: string }): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: p.name,
    jobTitle: p.title || undefined,
    image: p.avatar || undefined,
    url: p.path,
    description: p.description || undefined,
    ...(p.worksFor ? { worksFor: { '@type': 'Organization', name: p.worksFor } } : {}),
  };
}

/** A live conference: an online event whose place is its live room. */
export function eventLd(e: { title: string; description: string; banner: string; startAt: string; path: string }, site: string): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: e.title,
    description: e.description || e.title,
    image: e.banner || undefined,
    startDate: e.startAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: e.path },
    organizer: organization(site),
  };
}

export const websiteLd = (site: string, description: string, searchPath: string): Thing => ({
  '@context': CONTEXT,
  '@type': 'WebSite',
  name: site,
  description,
  url: '/',
  potentialAction: { '@type': 'SearchAction', target: `${searchPath}?txt={search_term_string}`, 'query-input': 'required name=search_term_string' },
});

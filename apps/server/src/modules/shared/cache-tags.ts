/**
 * Tags of cached public payloads (decision record 0031). A payload carries the tags of what it
 * shows: a detail its item (`course:11`), a list the kinds of cards in it (`courses`). A write
 * drops the tags of what it changed: the item and, when cards show the changed field, the kind.
 */
export const Tag = {
  /** The home blocks (cards of every kind). */
  home: 'home',
  /** Sister sites, banners, site documents and product pages. */
  site: 'site',
  courses: 'courses',
  course: (id: number | string) => `course:${id}`,
  news: 'news',
  newsItem: (id: number | string) => `news:${id}`,
  speakers: 'speakers',
  speaker: (id: number | string) => `speaker:${id}`,
  lives: 'lives',
  live: (id: number | string) => `live:${id}`,
  columns: 'columns',
  /** Regions, hospitals, organisers, keywords. */
  places: 'places',
  topics: 'topics',
  papers: 'papers',
  /** The international meeting calendar's congresses. */
  calendar: 'calendar',
  /** Hot words and the search board. */
  search: 'search',
  /** /sitemap.xml and its parts: the set of public pages (content publishing, the seed). */
  sitemap: 'sitemap',
  /** Lists showing users' names and avatars (comments, appraisals): dropped when a profile changes. */
  people: 'people',
} as const;

/** Every kind of card: what the home page and other mixed lists show. */
export const ALL_CARDS = [Tag.home, Tag.courses, Tag.news, Tag.speakers, Tag.lives, Tag.columns, Tag.topics, Tag.papers, Tag.site] as const;

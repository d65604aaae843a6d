import { CONGRESS_FIELDS, CONGRESS_REGIONS, SPECIAL_MENUS } from '@medportal/contract/constants';

/**
 * The console's catalog resources (decision record 0068), as the generic list and form pages
 * show them. `name` is the refine resource and the API path (`/v1/admin/<name>`); field kinds map
 * to antd controls (bilingual pairs with the "shows Chinese" mark, image uploads, selects...).
 */
export type CatalogField =
  | { kind: 'bilingual'; name: string; optional?: boolean; rows?: number; maxLength?: number }
  | { kind: 'text'; name: string; required?: boolean; rows?: number; maxLength?: number }
  | { kind: 'html'; name: string; required?: boolean }
  | { kind: 'image'; name: string; required?: boolean }
  | { kind: 'number'; name: string; required?: boolean }
  | { kind: 'ref'; name: string; ref: CatalogRef; required?: boolean }
  /** A list of small records (a landing page's feature cards, its buttons), in order. */
  | { kind: 'list'; name: string; max: number; parts: Array<{ name: string; required?: boolean; rows?: number; maxLength: number }> }
  /** Linked rows, in the order picked (the server keeps it where the link has one). */
  | { kind: 'links'; name: string; ref: CatalogRef }
  | { kind: 'date'; name: string; required?: boolean }
  | { kind: 'select'; name: string; options: readonly string[]; required?: boolean; multiple?: boolean; labels?: Record<string, { zh: string; en: string }> };

/** What a reference field points at: a catalog resource (searched by its name field), regions or journal channels. */
export type CatalogRef = { resource: string; nameField: string } | 'regions' | 'channels' | 'departments';

export interface CatalogColumn {
  /** Field of the item; a bilingual pair by its base name. */
  name: string;
  bilingual?: boolean;
  image?: boolean;
}

export interface CatalogResourceDef {
  name: string;
  /** Its label under `catalog.resources.<name>`. */
  publication: boolean;
  columns: CatalogColumn[];
  fields: CatalogField[];
  /** List filters: select fields of the form shown above the list. */
  filters?: Array<Extract<CatalogField, { kind: 'select' }>>;
  /** Fields fixed once created (a page's slug, an album configuration's album). */
  fixed?: string[];
  /** Site pages keep their versions. */
  versions?: boolean;
}

const pair = (name: string, extra: Partial<Extract<CatalogField, { kind: 'bilingual' }>> = {}): CatalogField => ({ kind: 'bilingual', name, ...extra });
const fieldKeys = Object.keys(CONGRESS_FIELDS);
const regionKeys = Object.keys(CONGRESS_REGIONS);

export const CATALOG: readonly CatalogResourceDef[] = [
  {
    name: 'speakers',
    publication: true,
    columns: [{ name: 'avatar', image: true }, { name: 'name', bilingual: true }, { name: 'title', bilingual: true }, { name: 'sort' }],
    fields: [
      pair('name'),
      { kind: 'image', name: 'avatar', required: true },
      pair('title'),
      pair('intro', { optional: true, rows: 4, maxLength: 4000 }),
      { kind: 'ref', name: 'hospital_id', ref: { resource: 'hospitals', nameField: 'name' } },
      { kind: 'ref', name: 'organization_id', ref: { resource: 'organizers', nameField: 'name' } },
      { kind: 'links', name: 'department_ids', ref: 'departments' },
      { kind: 'number', name: 'sort' },
    ],
  },
  {
    name: 'hospitals',
    publication: false,
    columns: [{ name: 'logo', image: true }, { name: 'name', bilingual: true }, { name: 'city', bilingual: true }],
    fields: [pair('name'), pair('city'), { kind: 'image', name: 'logo', required: true }, { kind: 'ref', name: 'region_id', ref: 'regions' }],
  },
  {
    name: 'organizers',
    publication: false,
    columns: [{ name: 'logo', image: true }, { name: 'name', bilingual: true }],
    fields: [pair('name'), { kind: 'image', name: 'logo', required: true }],
  },
  { name: 'keywords', publication: false, columns: [{ name: 'title', bilingual: true }], fields: [pair('title'), { kind: 'image', name: 'cover' }] },
  {
    name: 'columns',
    publication: true,
    columns: [{ name: 'cover', image: true }, { name: 'title', bilingual: true }, { name: 'sort' }],
    fields: [pair('title'), pair('desc', { optional: true, rows: 3 }), { kind: 'image', name: 'cover', required: true }, { kind: 'number', name: 'sort' }],
  },
  {
    name: 'specials',
    publication: true,
    columns: [{ name: 'cover', image: true }, { name: 'title', bilingual: true }, { name: 'kind' }, { name: 'sort' }],
    fields: [
      { kind: 'select', name: 'kind', options: ['topic', 'album'], required: true },
      { kind: 'number', name: 'theme_id' },
      pair('title'),
      pair('desc', { optional: true, rows: 3 }),
      { kind: 'image', name: 'cover', required: true },
      { kind: 'number', name: 'sort' },
      { kind: 'links', name: 'course_ids', ref: { resource: 'courses', nameField: 'title' } },
      { kind: 'links', name: 'live_ids', ref: { resource: 'lives', nameField: 'title' } },
      { kind: 'links', name: 'news_ids', ref: { resource: 'news', nameField: 'title' } },
      { kind: 'links', name: 'paper_ids', ref: { resource: 'papers', nameField: 'title' } },
    ],
    filters: [{ kind: 'select', name: 'kind', options: ['topic', 'album'] }],
  },
  {
    name: 'album_configs',
    publication: false,
    columns: [{ name: 'banner', image: true }, { name: 'special_id' }, { name: 'subtitle', bilingual: true }],
    fields: [
      { kind: 'ref', name: 'special_id', ref: { resource: 'specials', nameField: 'title' }, required: true },
      { kind: 'ref', name: 'channel_id', ref: 'channels', required: true },
      pair('subtitle', { optional: true }),
      { kind: 'image', name: 'banner', required: true },
      { kind: 'text', name: 'primary_color', required: true, maxLength: 7 },
      { kind: 'text', name: 'accent_color', required: true, maxLength: 7 },
      { kind: 'links', name: 'video_ids', ref: { resource: 'selected_videos', nameField: 'title' } },
      { kind: 'select', name: 'menus', options: SPECIAL_MENUS, multiple: true, required: true },
      pair('intro', { optional: true, rows: 3 }),
      pair('about', { optional: true, rows: 3 }),
      pair('copyright', { optional: true, rows: 2 }),
    ],
    fixed: ['special_id'],
  },
  {
    name: 'papers',
    publication: true,
    columns: [{ name: 'title', bilingual: true }, { name: 'full_journal' }, { name: 'doi' }],
    fields: [pair('title'), pair('abstract', { optional: true, rows: 5 }), { kind: 'text', name: 'full_journal', required: true }, { kind: 'text', name: 'doi' }],
  },
  {
    name: 'selected_videos',
    publication: true,
    columns: [{ name: 'cover', image: true }, { name: 'title', bilingual: true }, { name: 'kind' }],
    fields: [
      { kind: 'ref', name: 'channel_id', ref: 'channels', required: true },
      { kind: 'select', name: 'kind', options: ['interview', 'meeting'], required: true },
      pair('title'),
      pair('summary', { optional: true, rows: 3 }),
      pair('transcript', { optional: true, rows: 6 }),
      { kind: 'image', name: 'cover', required: true },
      { kind: 'number', name: 'duration_s' },
    ],
    filters: [{ kind: 'select', name: 'kind', options: ['interview', 'meeting'] }],
  },
  {
    name: 'congresses',
    publication: true,
    columns: [{ name: 'logo', image: true }, { name: 'acronym' }, { name: 'title', bilingual: true }, { name: 'start_date' }, { name: 'end_date' }],
    fields: [
      { kind: 'text', name: 'acronym', required: true },
      { kind: 'text', name: 'title_zh', required: true },
      { kind: 'text', name: 'title_en', required: true },
      { kind: 'text', name: 'organizer_zh', required: true },
      { kind: 'text', name: 'organizer_en', required: true },
      { kind: 'date', name: 'start_date', required: true },
      { kind: 'date', name: 'end_date', required: true },
      { kind: 'text', name: 'city_zh' },
      { kind: 'text', name: 'city_en' },
      { kind: 'text', name: 'country', required: true, maxLength: 2 },
      { kind: 'text', name: 'venue' },
      { kind: 'select', name: 'field', options: fieldKeys, required: true, labels: CONGRESS_FIELDS },
      { kind: 'select', name: 'region', options: regionKeys, required: true, labels: CONGRESS_REGIONS },
      { kind: 'select', name: 'mode', options: ['offline', 'online', 'hybrid'] },
      { kind: 'text', name: 'url', required: true },
      { kind: 'date', name: 'abstract_deadline' },
      { kind: 'date', name: 'registration_deadline' },
      { kind: 'image', name: 'logo', required: true },
      { kind: 'text', name: 'summary_zh', rows: 3 },
      { kind: 'text', name: 'summary_en', rows: 3 },
    ],
    filters: [
      { kind: 'select', name: 'field', options: fieldKeys, labels: CONGRESS_FIELDS },
      { kind: 'select', name: 'region', options: regionKeys, labels: CONGRESS_REGIONS },
    ],
  },
  {
    name: 'site_pages',
    publication: true,
    columns: [{ name: 'slug' }, { name: 'title', bilingual: true }, { name: 'version' }],
    fields: [
      { kind: 'text', name: 'slug', required: true },
      pair('title'),
      { kind: 'html', name: 'body_zh', required: true },
      { kind: 'html', name: 'body_en' },
      { kind: 'text', name: 'version' },
      { kind: 'date', name: 'effective_on' },
    ],
    fixed: ['slug'],
    versions: true,
  },
  {
    name: 'relate_sites',
    publication: true,
    columns: [{ name: 'icon', image: true }, { name: 'key' }, { name: 'title', bilingual: true }, { name: 'sort' }],
    fields: [
      { kind: 'text', name: 'key', required: true },
      pair('title'),
      pair('desc', { optional: true, rows: 2 }),
      { kind: 'image', name: 'icon', required: true },
      { kind: 'text', name: 'url', required: true },
      { kind: 'html', name: 'intro_zh' },
      { kind: 'html', name: 'intro_en' },
      {
        kind: 'list',
        name: 'features',
        max: 12,
        parts: [
          { name: 'title_zh', required: true, maxLength: 60 },
          { name: 'title_en', maxLength: 100 },
          { name: 'text_zh', rows: 2, maxLength: 500 },
          { name: 'text_en', rows: 2, maxLength: 800 },
        ],
      },
      {
        kind: 'list',
        name: 'links',
        max: 6,
        parts: [
          { name: 'title_zh', required: true, maxLength: 30 },
          { name: 'title_en', maxLength: 60 },
          { name: 'url', required: true, maxLength: 500 },
        ],
      },
      { kind: 'number', name: 'sort' },
    ],
  },
  { name: 'hot_words', publication: true, columns: [{ name: 'word', bilingual: true }, { name: 'sort' }], fields: [pair('word'), { kind: 'number', name: 'sort' }] },
];

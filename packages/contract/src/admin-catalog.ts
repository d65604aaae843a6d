import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { AdminBulkBody, AdminBulkResult, AdminListQuery, AdminPublishBody, AdminVersion, PublicationStateSchema } from './admin.ts';
import { CATALOG_RESOURCES, type CatalogResourceName, type CatalogResources } from './admin-routes.ts';
import { Id, Page } from './common.ts';
import { CONGRESS_FIELDS, CONGRESS_REGIONS, SPECIAL_MENUS } from './constants.ts';

/**
 * The console's catalog (decision record 0068): the content types other than courses, lives, news
 * and the home page, every one edited the same way. A resource has a create body, an item (the
 * body's fields plus `id`, `updated_at` and, where the table has publication, `state`), list
 * filters beyond AdminListQuery, and the routes catalogRoutes() makes for it in admin-routes.ts.
 *
 * Bilingual fields: `<field>_zh` required, `<field>_en` null when not written (English readers see
 * the Chinese). An empty English text is stored as null.
 */

const zh = (max = 200) => z.string().trim().min(1).max(max);
/** Schemas here have no transforms: items share them, and responses are encoded through them. The server stores an empty English text as null. */
const en = (max = 200) => z.string().trim().max(max).nullable().default(null);
const text = (max = 4000) => z.string().trim().max(max).default('');
/** An image: a media-store URL or a site path. */
const image = z.string().trim().min(1).max(500);
const sort = z.number().int().min(-100000).max(100000).default(0);
const ref = z.number().int().positive().max(2_147_483_647).nullable().default(null);
const LocalDay = z.iso.date();
/**
 * Rows linked to the item (a speaker's departments, an album's videos…), in order: absent from an
 * edit, the links stay as they are; sent, they replace them. Read back on an item's detail only.
 */
const linked = (max: number) => z.array(Id).max(max).optional();
/**
 * A body field as the stored value the console reads back: the same type without the checks that
 * rewrite a value (trim) or fill it (defaults), since a response is written as stored.
 */
function stored(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; entries?: Record<string, string> } } })._zod.def;
  switch (def.type) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(Object.values(def.entries ?? {}) as [string, ...string[]]);
    case 'nullable':
      return stored(def.innerType as z.ZodType).nullable();
    case 'optional':
      return stored(def.innerType as z.ZodType).optional();
    case 'default':
      return stored(def.innerType as z.ZodType);
    case 'array':
      return z.array(stored(def.element as z.ZodType));
    case 'object':
      return storedObject(schema as unknown as z.ZodObject);
    default:
      throw new Error(`admin-catalog: no stored form for a ${def.type} field`);
  }
}
/** Typed as the body's output (what is stored), built without its rewriting checks. */
function storedObject<S extends z.ZodObject>(body: S): z.ZodObject<{ [K in keyof S['shape']]: z.ZodType<z.output<S['shape'][K]>> }> {
  return z.object(Object.fromEntries(Object.entries(body.shape).map(([k, v]) => [k, stored(v as z.ZodType)]))) as never;
}

const stamps = { id: z.number().int(), created_at: z.string(), updated_at: z.string() };
const published = { state: PublicationStateSchema, published_at: z.string().nullable() };
const statusOnly = { state: PublicationStateSchema };

export const SpeakerBody = z.object({
  name_zh: zh(),
  name_en: en(),
  avatar: image,
  title_zh: zh(),
  title_en: en(),
  intro_zh: text(),
  intro_en: en(4000),
  hospital_id: ref,
  organization_id: ref,
  sort,
  department_ids: linked(30),
});
export const HospitalBody = z.object({ name_zh: zh(), name_en: en(), city_zh: zh(100), city_en: en(100), logo: image, region_id: ref });
export const OrganizerBody = z.object({ name_zh: zh(), name_en: en(), logo: image });
export const KeywordBody = z.object({ title_zh: zh(100), title_en: en(100), cover: image.nullable().default(null) });
export const ColumnBody = z.object({ title_zh: zh(), title_en: en(), desc_zh: text(), desc_en: en(4000), cover: image, sort });
export const SPECIAL_KINDS = ['album', 'topic'] as const;
export const SpecialBody = z.object({
  kind: z.enum(SPECIAL_KINDS),
  theme_id: ref,
  title_zh: zh(),
  title_en: en(),
  desc_zh: text(),
  desc_en: en(4000),
  cover: image,
  sort,
  /** What the special topic groups, by kind, in order. */
  course_ids: linked(200),
  news_ids: linked(200),
  live_ids: linked(200),
  paper_ids: linked(200),
});
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const AlbumConfigBody = z.object({
  special_id: Id,
  channel_id: Id,
  subtitle_zh: text(200),
  subtitle_en: en(),
  banner: image,
  primary_color: Color,
  accent_color: Color,
  /** Sub-pages shown, in order. */
  menus: z.array(z.enum(SPECIAL_MENUS)).min(1).max(SPECIAL_MENUS.length),
  intro_zh: text(),
  intro_en: en(4000),
  about_zh: text(),
  about_en: en(4000),
  copyright_zh: text(500),
  copyright_en: en(500),
  /** The album's journal-channel videos, in order. */
  video_ids: linked(500),
});
export const PaperBody = z.object({
  title_zh: zh(500),
  title_en: en(500),
  abstract_zh: text(10000),
  abstract_en: en(10000),
  full_journal: zh(300),
  doi: z
    .string()
    .trim()
    .regex(/^10\.\d{4,9}\/\S+$/)
    .nullable()
    .default(null),
});
export const SelectedSpeaker = z.object({ name_zh: zh(100), name_en: z.string().trim().max(100).default(''), org_zh: text(200), org_en: text(200) });
export const SelectedVideoBody = z.object({
  channel_id: Id,
  kind: z.enum(['interview', 'meeting']),
  title_zh: zh(300),
  title_en: en(300),
  summary_zh: text(),
  summary_en: en(4000),
  transcript_zh: text(50000),
  transcript_en: en(50000),
  cover: image,
  duration_s: z.number().int().min(0).max(86400).default(0),
  speakers: z.array(SelectedSpeaker).max(20).default([]),
});
type Keys<T> = [keyof T & string, ...(keyof T & string)[]];
export const CongressBody = z
  .object({
    acronym: zh(60),
    title_zh: zh(300),
    /** International congresses have an English name: required here. */
    title_en: zh(300),
    organizer_zh: zh(300),
    organizer_en: zh(300),
    start_date: LocalDay,
    end_date: LocalDay,
    city_zh: text(100),
    city_en: text(100),
    country: z.string().regex(/^[A-Z]{2}$/),
    venue: text(300),
    field: z.enum(Object.keys(CONGRESS_FIELDS) as Keys<typeof CONGRESS_FIELDS>),
    region: z.enum(Object.keys(CONGRESS_REGIONS) as Keys<typeof CONGRESS_REGIONS>),
    mode: z.enum(['offline', 'online', 'hybrid']).default('offline'),
    url: z.url({ protocol: /^https?$/ }).max(500),
    abstract_deadline: LocalDay.nullable().default(null),
    registration_deadline: LocalDay.nullable().default(null),
    logo: image,
    summary_zh: text(),
    summary_en: text(),
  })
  .refine((c) => c.end_date >= c.start_date, { path: ['end_date'], message: 'end_date is before start_date' });
export const SitePageBody = z.object({
  slug: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/),
  title_zh: zh(),
  title_en: en(),
  /** HTML, sanitised by the server. */
  body_zh: z.string().trim().min(1).max(200_000),
  body_en: en(200_000),
  /** The version label of a legal text ('' for plain pages). */
  version: z.string().trim().max(40).default(''),
  effective_on: LocalDay.nullable().default(null),
});
export const RelateSiteBody = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/),
  title_zh: zh(),
  title_en: en(),
  desc_zh: text(1000),
  desc_en: en(1000),
  icon: image,
  url: z.string().trim().min(1).max(500),
  /** HTML, sanitised by the server. */
  intro_zh: text(50_000),
  intro_en: en(50_000),
  sort,
  /** The landing page's feature cards, in order (absent from an edit: kept). */
  features: z
    .array(z.object({ title_zh: zh(60), title_en: en(100), text_zh: text(500), text_en: en(800) }))
    .max(12)
    .optional(),
  /**
   * The landing page's buttons, the first the main one: a site path opens in the site, an
   * https address in a new tab.
   */
  links: z
    .array(z.object({ title_zh: zh(30), title_en: en(60), url: z.string().trim().min(1).max(500).regex(/^(\/(?!\/)|https:\/\/)/) }))
    .max(6)
    .optional(),
});
export const HotWordBody = z.object({ word_zh: zh(40), word_en: en(60), sort });


export const SpeakerItem = storedObject(SpeakerBody).extend({ ...stamps, ...statusOnly, follower_count: z.number().int() });
export const HospitalItem = storedObject(HospitalBody).extend(stamps);
export const OrganizerItem = storedObject(OrganizerBody).extend(stamps);
export const KeywordItem = storedObject(KeywordBody).extend(stamps);
export const ColumnItem = storedObject(ColumnBody).extend({ ...stamps, ...statusOnly, issue_count: z.number().int() });
export const SpecialItem = storedObject(SpecialBody).extend({ ...stamps, ...statusOnly });
export const AlbumConfigItem = storedObject(AlbumConfigBody).extend(stamps);
export const PaperItem = storedObject(PaperBody).extend({ ...stamps, ...published, uuid: z.string() });
export const SelectedVideoItem = storedObject(SelectedVideoBody).extend({ ...stamps, ...published });
export const CongressItem = storedObject(CongressBody).extend({ ...stamps, ...statusOnly });
export const SitePageItem = storedObject(SitePageBody).extend({ ...stamps, ...statusOnly });
export const RelateSiteItem = storedObject(RelateSiteBody).extend({ ...stamps, ...statusOnly });
export const HotWordItem = storedObject(HotWordBody).extend({ ...stamps, ...statusOnly });

/** One saved version of a site page: every edit and every restore makes one. */
export const SitePageVersion = z.object({
  id: z.number().int(),
  page_id: z.number().int(),
  /** 1, 2, 3... within the page. */
  number: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  body_zh: z.string(),
  body_en: z.string().nullable(),
  version: z.string(),
  effective_on: z.string().nullable(),
  /** The version this one restored, when it is a restore. */
  restored_from: z.number().int().nullable(),
  author_id: z.number().int().nullable(),
  created_at: z.string(),
});
export const SitePageVersionList = z.object({ items: z.array(SitePageVersion) });

/** A journal channel as the console offers it in a picker. */
export const SelectedChannelChoice = z.object({ id: z.number().int(), slug: z.string(), name_zh: z.string(), name_en: z.string().nullable() });
export type SelectedChannelChoice = z.infer<typeof SelectedChannelChoice>;
export const SitePageVersionParams = z.object({ id: Id, version_id: Id });

const filterId = Id.optional();
/** Per resource: body, item and list filters. */
export const CATALOG_SCHEMAS = {
  Speaker: { body: SpeakerBody, item: SpeakerItem, filters: { hospital_id: filterId, organization_id: filterId } },
  Hospital: { body: HospitalBody, item: HospitalItem, filters: { region_id: filterId } },
  Organizer: { body: OrganizerBody, item: OrganizerItem, filters: {} },
  Keyword: { body: KeywordBody, item: KeywordItem, filters: {} },
  Column: { body: ColumnBody, item: ColumnItem, filters: {} },
  Special: { body: SpecialBody, item: SpecialItem, filters: { kind: z.enum(SPECIAL_KINDS).optional() } },
  AlbumConfig: { body: AlbumConfigBody, item: AlbumConfigItem, filters: { channel_id: filterId } },
  Paper: { body: PaperBody, item: PaperItem, filters: {} },
  SelectedVideo: { body: SelectedVideoBody, item: SelectedVideoItem, filters: { channel_id: filterId, kind: z.enum(['interview', 'meeting']).optional() } },
  Congress: {
    body: CongressBody,
    item: CongressItem,
    filters: {
      field: z.enum(Object.keys(CONGRESS_FIELDS) as Keys<typeof CONGRESS_FIELDS>).optional(),
      region: z.enum(Object.keys(CONGRESS_REGIONS) as Keys<typeof CONGRESS_REGIONS>).optional(),
    },
  },
  SitePage: { body: SitePageBody, item: SitePageItem, filters: {} },
  RelateSite: { body: RelateSiteBody, item: RelateSiteItem, filters: {} },
  HotWord: { body: HotWordBody, item: HotWordItem, filters: {} },
} as const satisfies Record<CatalogResourceName, { body: z.ZodType; item: z.ZodObject; filters: z.ZodRawShape }>;
type CatalogSchemas = typeof CATALOG_SCHEMAS;

export type CatalogBody<N extends CatalogResourceName> = z.output<CatalogSchemas[N]['body']>;
export type CatalogItem<N extends CatalogResourceName> = z.infer<CatalogSchemas[N]['item']>;

const IdParams = z.object({ id: Id });
type FiltersOf<N extends CatalogResourceName> = { [K in keyof CatalogSchemas[N]['filters']]: CatalogSchemas[N]['filters'][K] & z.ZodType };
type PageSchema<T extends z.ZodType> = z.ZodObject<{ items: z.ZodArray<T>; page: z.ZodNumber; page_size: z.ZodNumber; total: z.ZodNumber; has_more: z.ZodBoolean }>;

function schemasOf<const N extends CatalogResourceName>(name: N) {
  const s = CATALOG_SCHEMAS[name] as CatalogSchemas[N];
  const label = CATALOG_RESOURCES[name].label;
  const tags = ['admin', 'catalog'] as const;
  const edit = (s.body as unknown as z.ZodObject).safeExtend(AdminVersion.shape);
  const publish = CATALOG_RESOURCES[name].publication
    ? {
        [`admin${name}Publish`]: { summary: `Console: publish a ${label} now or at an instant`, tags, params: IdParams, body: AdminPublishBody, data: s.item },
        [`admin${name}Offline`]: { summary: `Console: take a ${label} offline`, tags, params: IdParams, data: s.item },
      }
    : {};
  return {
    [`admin${name}List`]: { summary: `Console: ${label} list`, tags, query: AdminListQuery.extend(s.filters), data: Page(s.item) },
    [`admin${name}Get`]: { summary: `Console: one ${label}`, tags, params: IdParams, data: s.item },
    [`admin${name}Create`]: { summary: `Console: create a ${label}`, tags, body: s.body, data: s.item },
    [`admin${name}Edit`]: { summary: `Console: edit a ${label} (updated_at from the loaded row)`, tags, params: IdParams, body: edit, data: s.item },
    [`admin${name}Delete`]: { summary: `Console: delete a ${label}, or take it offline where it has publication`, tags, params: IdParams, data: z.object({ id: z.number().int() }) },
    ...publish,
    [`admin${name}Bulk`]: { summary: `Console: one action over many ${label} rows`, tags, body: AdminBulkBody, data: AdminBulkResult },
  } as {
    [K in `admin${N}List`]: { summary: string; tags: typeof tags; query: z.ZodObject<typeof AdminListQuery.shape & FiltersOf<N>>; data: PageSchema<CatalogSchemas[N]['item']> };
  } & { [K in `admin${N}Get`]: { summary: string; tags: typeof tags; params: typeof IdParams; data: CatalogSchemas[N]['item'] } } & {
    [K in `admin${N}Create`]: { summary: string; tags: typeof tags; body: CatalogSchemas[N]['body']; data: CatalogSchemas[N]['item'] };
  } & { [K in `admin${N}Edit`]: { summary: string; tags: typeof tags; params: typeof IdParams; body: z.ZodType<CatalogBody<N> & { updated_at: string }, unknown>; data: CatalogSchemas[N]['item'] } } & {
    [K in `admin${N}Delete`]: { summary: string; tags: typeof tags; params: typeof IdParams; data: z.ZodObject<{ id: z.ZodNumber }> };
  } & (CatalogResources[N]['publication'] extends true
      ? { [K in `admin${N}Publish`]: { summary: string; tags: typeof tags; params: typeof IdParams; body: typeof AdminPublishBody; data: CatalogSchemas[N]['item'] } } & {
          [K in `admin${N}Offline`]: { summary: string; tags: typeof tags; params: typeof IdParams; data: CatalogSchemas[N]['item'] };
        }
      : unknown) & {
    [K in `admin${N}Bulk`]: { summary: string; tags: typeof tags; body: typeof AdminBulkBody; data: typeof AdminBulkResult };
  };
}

export const adminCatalogSchemas = {
  ...schemasOf('Speaker'),
  ...schemasOf('Hospital'),
  ...schemasOf('Organizer'),
  ...schemasOf('Keyword'),
  ...schemasOf('Column'),
  ...schemasOf('Special'),
  ...schemasOf('AlbumConfig'),
  ...schemasOf('Paper'),
  ...schemasOf('SelectedVideo'),
  ...schemasOf('Congress'),
  ...schemasOf('SitePage'),
  ...schemasOf('RelateSite'),
  ...schemasOf('HotWord'),
  adminSelectedChannels: {
    summary: 'Console: the journal channels, to pick for an item or an album configuration',
    tags: ['admin', 'catalog'],
    data: z.object({ items: z.array(SelectedChannelChoice) }),
  },
  adminSitePageVersions: { summary: 'Console: the saved versions of a site page, newest first', tags: ['admin', 'catalog'], params: IdParams, data: SitePageVersionList },
  adminSitePageRestore: {
    summary: 'Console: restore a saved version of a site page (makes it a new version)',
    tags: ['admin', 'catalog'],
    params: SitePageVersionParams,
    body: AdminVersion,
    data: SitePageItem,
  },
} satisfies Record<string, EndpointSchemas>;

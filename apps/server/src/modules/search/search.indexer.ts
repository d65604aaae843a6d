import type { SearchModule } from '@medportal/contract';
import { CONGRESS_FIELDS, CONGRESS_REGIONS, SEARCH_MODULES } from '@medportal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, isEmbedded, queryRows, type Tx } from '../../db/client.ts';
import { searchDocuments } from '../../db/schema/index.ts';
import { documentVector, htmlToText, latinWords, suggestKey } from './tokenizer.ts';

/**
 * Keeps the search index (search_documents) in step with the content tables. `rebuildSearchIndex`
 * rebuilds everything (seed, first start of an older database, benchmarks); `upsertSearchItem`
 * refreshes one item and is what every writer of searchable content calls after its write
 * (decision record 0014). Every write moves the search generation (decision record 0073).
 */

type Conn = Db | Tx;

/** Called after an index write through this process, so its cached answers are dropped at once. */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onIndexWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Moves the generation other processes read (a sequence: writers never wait on each other for it). */
async function moveGeneration(db: Conn): Promise<void> {
  await db.execute(sql`select nextval('search_generation')`);
  for (const l of listeners) l();
}

/** One searchable item as read from its content table. */
interface SourceRow extends Record<string, unknown> {
  item_id: number;
  title_zh: string;
  title_en: string | null;
  /** Shown in result summaries. */
  text_zh: string | null;
  text_en: string | null;
  /** Indexed only (speaker, hospital, journal names...). */
  extra_zh: string | null;
  extra_en: string | null;
  cover: string | null;
  published_at: Date | string | null;
  ranked_at: Date | string | null;
  popularity: number | string | null;
  /** When the item is shown from (its publication time; the epoch: at once); null: not shown. */
  visible_from: Date | string | null;
  /** News bodies arrive as HTML. */
  html: boolean;
  /** Congresses only: keys and codes named in both languages when indexed, and the result's days and place. */
  field?: string;
  region?: string;
  country?: string;
  start_date?: string;
  end_date?: string;
  city_zh?: string;
  city_en?: string;
}

/** Longest stored summary source per language, and longest text indexed per field. */
const STORED_TEXT = 1500;
const INDEXED_TEXT = 6000;
const BATCH = 500;

/** One SELECT per module, all answering the SourceRow columns; `cond` filters on the item id `x.id`. */
function sourceQuery(module: SearchModule, cond: SQL): SQL {
  switch (module) {
    case 'course':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.summary_zh as text_zh, x.summary_en as text_en,
          concat_ws(' ', sp.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, d.name_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.learn_count as popularity,
          case when x.status = 'published' then coalesce(x.published_at, 'epoch'::timestamptz) end as visible_from, false as html
        from courses x left join speakers sp on sp.id = x.speaker_id left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'live':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.sub_title_zh as text_zh, x.sub_title_en as text_en,
          concat_ws(' ', sp.name_zh, o.name_zh, d.name_zh) as extra_zh, concat_ws(' ', sp.name_en, o.name_en, d.name_en) as extra_en,
          x.banner as cover, x.start_at as published_at, x.start_at as ranked_at, 0 as popularity,
          case when x.status = 'published' then coalesce(x.published_at, 'epoch'::timestamptz) end as visible_from, false as html
        from lives x left join speakers sp on sp.id = x.speaker_id left join organizers o on o.id = x.organizer_id
          left join departments d on d.id = x.department_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'news':
      return sql`select x.id as item_id, x.title_zh, x.title_en,
          concat_ws(' ', x.description_zh, left(x.body_zh, ${INDEXED_TEXT})) as text_zh,
          case when x.body_en is null and x.description_en is null then null
            else concat_ws(' ', x.description_en, left(x.body_en, ${INDEXED_TEXT})) end as text_en,
          concat_ws(' ', x.author_zh, x.source_zh, c.title_zh) as extra_zh, concat_ws(' ', x.author_en, x.source_en, c.title_en) as extra_en,
          x.cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, x.view_count as popularity,
          case when x.status = 'published' and c.status = 'published' then coalesce(x.published_at, 'epoch'::timestamptz) end as visible_from,
          true as html
        from news x join news_categories c on c.id = x.category_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'speaker':
      return sql`select x.id as item_id, x.name_zh as title_zh, x.name_en as title_en, x.intro_zh as text_zh, x.intro_en as text_en,
          concat_ws(' ', x.title_zh, h.name_zh, o.name_zh) as extra_zh, concat_ws(' ', x.title_en, h.name_en, o.name_en) as extra_en,
          x.avatar as cover, null::timestamptz as published_at, x.created_at as ranked_at, x.follower_count as popularity,
          case when x.status = 'published' then 'epoch'::timestamptz end as visible_from, false as html
        from speakers x left join hospitals h on h.id = x.hospital_id left join organizers o on o.id = x.organization_id
        where ${cond} order by x.id limit ${BATCH}`;
    case 'paper':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.abstract_zh as text_zh, x.abstract_en as text_en,
          concat_ws(' ', x.full_journal, x.doi) as extra_zh, null as extra_en,
          '' as cover, x.published_at, coalesce(x.published_at, x.created_at) as ranked_at, 0 as popularity,
          case when x.status = 'published' then coalesce(x.published_at, 'epoch'::timestamptz) end as visible_from, false as html
        from papers x
        where ${cond} order by x.id limit ${BATCH}`;
    case 'column':
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.desc_zh as text_zh, x.desc_en as text_en,
          null as extra_zh, null as extra_en,
          x.cover, null::timestamptz as published_at, x.created_at as ranked_at,
          (select count(*) from column_subscriptions s where s.column_id = x.id) as popularity,
          case when x.status = 'published' then 'epoch'::timestamptz end as visible_from, false as html
        from columns x
        where ${cond} order by x.id limit ${BATCH}`;
    case 'congress':
      // Ranked by its first day: the coming editions above the past ones.
      return sql`select x.id as item_id, x.title_zh, x.title_en, x.summary_zh as text_zh, nullif(x.summary_en, '') as text_en,
          concat_ws(' ', x.acronym, x.organizer_zh, x.city_zh, x.venue) as extra_zh, concat_ws(' ', x.acronym, x.organizer_en, x.city_en) as extra_en,
          x.logo as cover, null::timestamptz as published_at, x.start_date::timestamptz as ranked_at, 0 as popularity,
          case when x.status = 'published' then 'epoch'::timestamptz end as visible_from, false as html,
          x.field, x.region, x.country, x.start_date::text as start_date, x.end_date::text as end_date, x.city_zh, x.city_en
        from congresses x
        where ${cond} order by x.id limit ${BATCH}`;
  }
}

const countryNames = { zh: new Intl.DisplayNames(['zh-CN'], { type: 'region' }), en: new Intl.DisplayNames(['en'], { type: 'region' }) };
const countryName = (code: string, lang: 'zh' | 'en'): string => {
  try {
    return countryNames[lang].of(code) ?? '';
  } catch {
    return '';
  }
};

/**
 * A congress's field, region and country are stored as keys and codes: their names in both
 * languages are what people type (肿瘤, 德国, Oncology, Germany), so those are indexed.
 */
function congressNames(r: SourceRow, lang: 'zh' | 'en'): string {
  const field = CONGRESS_FIELDS[r.field as keyof typeof CONGRESS_FIELDS];
  const region = CONGRESS_REGIONS[r.region as keyof typeof CONGRESS_REGIONS];
  return [field?.[lang], region?.[lang], r.country ? countryName(r.country, lang) : ''].filter(Boolean).join(' ');
}

const DAY_MS = 86_400_000;

/** Newer first; each tenfold popularity is worth 30 days. Static, so it can be stored. */
export function boostOf(rankedAt: Date | null, popularity: number): number {
  const days = rankedAt ? rankedAt.getTime() / DAY_MS : 0;
  return days + 30 * Math.log10(1 + Math.max(0, popularity));
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

type DocumentRow = typeof searchDocuments.$inferInsert;

function documentOf(module: SearchModule, r: SourceRow): DocumentRow {
  const plain = (s: string | null) => (s === null ? null : clip(r.html ? htmlToText(clip(s, INDEXED_TEXT * 2)) : s, INDEXED_TEXT));
  const textZh = plain(r.text_zh) ?? '';
  const textEn = plain(r.text_en);
  const popularity = Number(r.popularity ?? 0);
  const titles = [r.title_zh, r.title_en ?? ''].join('\n');
  const congress = module === 'congress';
  const extraZh = congress ? [r.extra_zh, congressNames(r, 'zh')].join(' ') : (r.extra_zh ?? '');
  const extraEn = congress ? [r.extra_en, congressNames(r, 'en')].join(' ') : (r.extra_en ?? '');
  const bodies = [textZh, extraZh, textEn ?? '', extraEn].join('\n');
  const boost = boostOf(toDate(r.ranked_at), popularity);
  return {
    module,
    itemId: r.item_id,
    titleZh: r.title_zh,
    titleEn: r.title_en || null,
    bodyZh: clip(textZh, STORED_TEXT),
    bodyEn: textEn ? clip(textEn, STORED_TEXT) : null,
    cover: r.cover ?? '',
    titleTsv: documentVector(titles, module),
    bodyTsv: documentVector(bodies, module),
    titleKeyZh: suggestKey(r.title_zh),
    titleKeyEn: r.title_en ? suggestKey(r.title_en) : null,
    publishedAt: toDate(r.published_at),
    popularity,
    boost,
    visibleFrom: toDate(r.visible_from),
    event:
      congress && r.start_date && r.end_date
        ? { startDate: r.start_date, endDate: r.end_date, cityZh: r.city_zh ?? '', cityEn: r.city_en ?? '', country: r.country ?? '' }
        : null,
  };
}

/** An array as one bind parameter (drizzle would otherwise spread it into a list). */
const col = <T>(rows: T[], pick: (r: T) => unknown) => sql.param(rows.map(pick));

/** Where a rebuild writes before it is swapped in. */
const SHADOW = sql.raw('search_documents_next');

/**
 * Bulk insert into the shadow table with one array parameter per column (`unnest`): a 500-row
 * batch is one short statement instead of thousands of parameters. An item keeps the id it has
 * in the live table (results carry it); a new item takes the next id of the live table's sequence.
 */
async function insertBatch(db: Conn, docs: DocumentRow[], idSequence: string): Promise<void> {
  if (docs.length === 0) return;
  await db.execute(sql`insert into ${SHADOW}
      (id, module, item_id, title_zh, title_en, body_zh, body_en, cover, title_tsv, body_tsv, title_key_zh, title_key_en, published_at, popularity, boost, visible_from, event)
    select coalesce(d.id, nextval(${idSequence}::regclass)), u.* from unnest(${col(docs, (d) => d.module)}::text[], ${col(docs, (d) => d.itemId)}::int[],
      ${col(docs, (d) => d.titleZh)}::text[], ${col(docs, (d) => d.titleEn)}::text[], ${col(docs, (d) => d.bodyZh)}::text[],
      ${col(docs, (d) => d.bodyEn)}::text[], ${col(docs, (d) => d.cover)}::text[], ${col(docs, (d) => d.titleTsv)}::tsvector[],
      ${col(docs, (d) => d.bodyTsv)}::tsvector[], ${col(docs, (d) => d.titleKeyZh)}::text[], ${col(docs, (d) => d.titleKeyEn)}::text[],
      ${col(docs, (d) => d.publishedAt?.toISOString() ?? null)}::timestamptz[],
      ${col(docs, (d) => d.popularity)}::int[], ${col(docs, (d) => d.boost)}::float8[],
      ${col(docs, (d) => d.visibleFrom?.toISOString() ?? null)}::timestamptz[],
      ${col(docs, (d) => (d.event ? JSON.stringify(d.event) : null))}::jsonb[])
      as u(module, item_id, title_zh, title_en, body_zh, body_en, cover, title_tsv, body_tsv, title_key_zh, title_key_en, published_at, popularity, boost, visible_from, event)
    left join search_documents d on d.module = u.module and d.item_id = u.item_id`);
}

/**
 * Words a prefix can complete to, added before the documents holding them are visible. Sorted: two
 * writers adding the same new words wait for each other in one order, never in a cycle.
 */
async function addWords(db: Conn, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await db.execute(sql`insert into search_words (word) select unnest(${sql.param(words.sort())}::text[]) on conflict do nothing`);
}

/** The table each module's items live in. */
const CONTENT_TABLES: Record<SearchModule, string> = {
  course: 'courses',
  live: 'lives',
  news: 'news',
  speaker: 'speakers',
  paper: 'papers',
  column: 'columns',
  congress: 'congresses',
};

/** How long the swap waits for the live table's lock before it lets readers through and tries again. */
const SWAP_LOCK_TIMEOUT = '1s';
const SWAP_ATTEMPTS = 60;
const SWAP_PAUSE_MS = 250;
const LOCK_NOT_AVAILABLE = '55P03';

const errorCode = (err: unknown): unknown => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ('code' in e) return (e as { code: unknown }).code;
  }
  return undefined;
};

/**
 * Puts the shadow table in place of search_documents in one short transaction: items written
 * since the build began (`from`: the horizon then) are copied over from the live table, the old
 * table is dropped and the shadow takes its name, its index and sequence names. The lock waits at
 * most SWAP_LOCK_TIMEOUT (a long transaction holding the table would otherwise queue every reader
 * behind the swap), then readers go on and the swap tries again.
 */
async function swapIn(db: Conn, from: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const [setting] = await queryRows<{ v: string }>(tx as unknown as Db, sql`select current_setting('lock_timeout') as v`);
        await tx.execute(sql`select set_config('lock_timeout', ${SWAP_LOCK_TIMEOUT}, true)`);
        await tx.execute(sql`lock table search_documents in access exclusive mode`);
        await tx.execute(sql`select set_config('lock_timeout', ${setting?.v ?? '0'}, true)`);
        // Items written since the build began: the live table has them as their writers left them.
        const changed = sql`(select module, item_id from search_documents where written_xid >= ${from}::xid8)`;
        await tx.execute(sql`delete from ${SHADOW} n using ${changed} c where n.module = c.module and n.item_id = c.item_id`);
        await tx.execute(sql`insert into ${SHADOW} select d.* from search_documents d where d.written_xid >= ${from}::xid8`);
        // Items deleted since then left no row to copy: their content is gone.
        for (const [module, table] of Object.entries(CONTENT_TABLES)) {
          await tx.execute(
            sql`delete from ${SHADOW} n where n.module = ${module} and not exists (select 1 from ${sql.identifier(table)} x where x.id = n.item_id)`,
          );
        }
        // Index names by definition, so the new table's match the old ones (future migrations name them).
        const indexes = await queryRows<{ name: string; key: string; live: boolean }>(
          tx as unknown as Db,
          sql`select c.relname as name, i.indrelid = 'search_documents'::regclass as live,
              regexp_replace(pg_get_indexdef(i.indexrelid), '^(CREATE (UNIQUE )?INDEX )\\S+ ON \\S+ ', '\\1') as key
            from pg_index i join pg_class c on c.oid = i.indexrelid
            where i.indrelid in ('search_documents'::regclass, 'search_documents_next'::regclass)`,
        );
        const [ids] = await queryRows<{ next: string }>(
          tx as unknown as Db,
          sql`select greatest((select coalesce(max(id), 0) from ${SHADOW}),
            (select last_value from ${sql.raw('search_documents_id_seq')})) + 1 as next`,
        );
        await tx.execute(sql`drop table search_documents`);
        await tx.execute(sql`alter table ${SHADOW} rename to search_documents`);
        const liveName = new Map(indexes.filter((i) => i.live).map((i) => [i.key, i.name]));
        for (const i of indexes.filter((x) => !x.live)) {
          const name = liveName.get(i.key);
          if (name && name !== i.name) await tx.execute(sql`alter index ${sql.identifier(i.name)} rename to ${sql.identifier(name)}`);
        }
        await tx.execute(sql`alter sequence search_documents_next_id_seq rename to search_documents_id_seq`);
        await tx.execute(sql`select setval('search_documents_id_seq', ${ids?.next ?? '1'}::bigint, false)`);
      });
      return;
    } catch (err) {
      if (errorCode(err) !== LOCK_NOT_AVAILABLE || attempt >= SWAP_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, SWAP_PAUSE_MS));
    }
  }
}

/**
 * Builds the shadow table from every searchable table and swaps it in. Returns documents written.
 * `wordsDb` commits the words as they come (a superset is harmless): held in a long build's
 * transaction, a new word would hold up every writer of an item using it until the build ends.
 */
async function build(db: Conn, modules: readonly SearchModule[], wordsDb: Conn = db): Promise<number> {
  const [start] = await queryRows<{ horizon: string; seq: string }>(
    db as Db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon, pg_get_serial_sequence('search_documents', 'id') as seq`,
  );
  if (!start) throw new Error('no snapshot horizon');
  await db.execute(sql`drop table if exists ${SHADOW}`);
  // Same columns, defaults, constraints, indexes and identity; names are made equal at the swap.
  await db.execute(sql`create table ${SHADOW} (like search_documents including all)`);
  // The GIN indexes take rows into a pending list while the table loads (much faster), merged at
  // the end; the option is written as the migration wrote it, so the definitions match at the swap.
  const gins = await queryRows<{ name: string }>(
    db as Db,
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = ${sql.raw(`'search_documents_next'::regclass`)} and a.amname = 'gin'`,
  );
  const fastUpdate = async (on: boolean) => {
    for (const g of gins) {
      if (!on) await db.execute(sql`select gin_clean_pending_list(${g.name}::regclass)`);
      await db.execute(sql`alter index ${sql.identifier(g.name)} set (fastupdate = ${sql.raw(on ? 'true' : 'false')})`);
    }
  };
  try {
    await fastUpdate(true);
    let written = 0;
    const words = new Set<string>();
    for (const module of modules) {
      let after = 0;
      for (;;) {
        const rows = await queryRows<SourceRow>(db as Db, sourceQuery(module, sql`x.id > ${after}`));
        if (rows.length === 0) break;
        const docs = rows.map((r) => documentOf(module, r));
        await addWords(wordsDb, latinWords(docs.flatMap((d) => [d.titleTsv, d.bodyTsv]), words));
        await insertBatch(db, docs, start.seq);
        written += rows.length;
        after = (rows[rows.length - 1] as SourceRow).item_id;
        if (rows.length < BATCH) break;
        // PGlite answers in-process, resolving promises without returning to the event loop: without
        // this, a background build would hold off connections (the listen itself) until it ends.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    await fastUpdate(false);
    // Planner statistics for the new rows (PGlite has no autovacuum to gather them).
    await db.execute(sql`analyze ${SHADOW}`);
    await swapIn(db, start.horizon);
    return written;
  } catch (err) {
    // Inside a transaction the caller's rollback removes it; outside, nothing else would.
    if (!(db instanceof PgTransaction)) await db.execute(sql`drop table if exists ${SHADOW}`).catch(() => undefined);
    throw err;
  }
}

/** Rebuilds on an embedded database, one at a time (PGlite runs one process per data dir). */
let embeddedRebuild: Promise<unknown> = Promise.resolve();

/**
 * Builds the index again from every searchable table into a shadow table and swaps it in: searches
 * read the old table until the swap, which holds its lock for a moment (no TRUNCATE of the live
 * table). Returns documents written.
 *
 * Inside a caller's transaction (the seed) everything happens in it. Otherwise, on PostgreSQL the
 * build is one transaction on one connection, rebuilds of several processes one after another;
 * on PGlite (one connection for every request) the build is a series of short statements, so
 * requests are answered between them, and only the swap is a transaction.
 */
export async function rebuildSearchIndex(db: Conn, modules: readonly SearchModule[] = SEARCH_MODULES): Promise<number> {
  let count: number;
  if (db instanceof PgTransaction) {
    count = await build(db, modules);
  } else if (isEmbedded(db)) {
    const run = embeddedRebuild.then(() => build(db, modules));
    embeddedRebuild = run.catch(() => undefined);
    count = await run;
  } else {
    count = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('medportal:search-rebuild'))`);
      return build(tx, modules, db);
    });
  }
  await moveGeneration(db);
  return count;
}

/**
 * Brings one item's index row up to date after it was created, edited, published, unpublished or
 * deleted, and moves the search generation. Safe to call twice or concurrently: each call writes
 * the item's current state.
 */
export async function upsertSearchItem(db: Conn, module: SearchModule, itemId: number): Promise<void> {
  await (db as Db).transaction(async (tx) => {
    const [row] = await queryRows<SourceRow>(tx as unknown as Db, sourceQuery(module, sql`x.id = ${itemId}`));
    if (!row) {
      await tx.delete(searchDocuments).where(and(eq(searchDocuments.module, module), eq(searchDocuments.itemId, itemId)));
    } else {
      const doc = { ...documentOf(module, row), updatedAt: sql`now()`, writtenXid: sql`pg_current_xact_id()` };
      await addWords(tx, latinWords([doc.titleTsv, doc.bodyTsv]));
      const { module: _m, itemId: _i, ...changes } = doc;
      await tx.insert(searchDocuments).values(doc).onConflictDoUpdate({ target: [searchDocuments.module, searchDocuments.itemId], set: changes });
    }
  });
  await moveGeneration(db);
}

/**
 * Builds the index of a database that has content but no index yet (seeded before the index
 * existed, or restored from a dump without it), or whose index predates congresses being
 * searchable (decision record 0057). Cheap when the index is already there.
 */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const [doc] = await queryRows<{ n: number }>(db, sql`select 1 as n from search_documents limit 1`);
  if (doc) {
    const [unindexed] = await queryRows<{ n: number }>(
      db,
      sql`select 1 as n where exists (select 1 from congresses where status = 'published')
        and not exists (select 1 from search_documents where module = 'congress')`,
    );
    if (!unindexed) return false;
    await rebuildSearchIndex(db);
    return true;
  }
  const [content] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n where exists (select 1 from courses) or exists (select 1 from news) or exists (select 1 from lives)
      or exists (select 1 from speakers) or exists (select 1 from papers) or exists (select 1 from columns)
      or exists (select 1 from congresses)`,
  );
  if (!content) return false;
  await rebuildSearchIndex(db);
  return true;
}

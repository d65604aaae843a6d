// Search benchmark, two server builds side by side over HTTP: this tree's build ("after",
// apps/server/dist/server.mjs, or BENCH_SERVER) and, with BENCH_COMPARE=<another build's
// server.mjs>, an older one ("before"). Only HTTP and the content tables are used, never the search
// module's code, so builds with different engines compare alike. Each build runs on its own
// scratch database (it migrates it itself): PGlite (a data dir), and PostgreSQL when one answers
// (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432; scratch
// databases made and dropped here).
//
// Per database and build, `npm run bench:search` prints:
// - Speed and resources on a synthetic corpus of BENCH_COURSES courses and BENCH_NEWS news
//   (100,000 and 200,000): the server's first start on it (its index built from the content
//   tables: start to listening, to the first search answered with results, to /readyz ready), then
//   a restart on the same data (the same three times: the restart's first search is the figure to
//   read), then search latency p50/p95/p99 per query class at each BENCH_CONCURRENCY (1,8), every
//   request a url not sent before (no answer cache hit; BENCH_REQUESTS (300) per class and
//   concurrency; the builds run at once and take turns of 50 requests on the same urls, so the
//   machine's other load weighs on both alike), suggestions the same way, and the server's RSS
//   (VmRSS) after it all.
// - Relevance on the judged set (scripts/bench-search.judged.mjs: about 150 real-looking
//   documents in Chinese and English, 80-odd queries each with the documents a clinician expects),
//   in its own database: precision@10 = relevant in the first 10 results / min(10, relevant),
//   recall = relevant anywhere in the results (up to SEARCH_RESULT_CAP, 1000) / relevant; both the
//   mean over queries. The queries where the builds differ are listed. PGlite only unless
//   BENCH_RELEVANCE_DB=postgres or both.
// Figures only: nothing fails on a missed target (the issue's: relevance at least the old engine's,
// search p95 <= 30 ms on PostgreSQL at 300k documents).
//
// How content gets in: a first start on the empty database migrates and seeds it; the server
// stops; the corpus goes into the content tables with SQL (for the judged set, the seeded
// searchable content and hot words are replaced first); the index tables (BENCH_INDEX_TABLES,
// default search_documents) are emptied, so the next start finds content without an index and
// builds it (ensureSearchIndex), as both engines do.
//
// A build to compare with, from another revision (node_modules as hard-linked copies; never an
// install in the copy):
//   git worktree add --detach /tmp/search-base <rev>
//   cp -al node_modules /tmp/search-base/ && for d in apps/server apps/web e2e; do cp -al $d/node_modules /tmp/search-base/$d/; done
//   (cd /tmp/search-base && npm run build -w apps/server)
//   BENCH_COMPARE=/tmp/search-base/apps/server/dist/server.mjs npm run bench:search
//
// Other settings: BENCH_DB=pglite|postgres runs one database; BENCH_SKIP=speed|relevance skips a
// part; BENCH_KEEP=1 keeps the scratch data dirs and databases (their names are printed);
// BENCH_PORT=<n> takes ports n, n+1... instead of any free one; BENCH_DB_PREFIX (bench_search_)
// and BENCH_DIR_PREFIX (<tmp>/medportal-bench-search-) name the scratch databases and dirs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { freePort, sleep } from './bench-lib.mjs';
import * as judged from './bench-search.judged.mjs';

const root = new URL('..', import.meta.url).pathname;
const COURSES = Number(process.env.BENCH_COURSES ?? 100_000);
const NEWS = Number(process.env.BENCH_NEWS ?? 200_000);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const only = process.env.BENCH_DB; // 'pglite' | 'postgres'
const skip = process.env.BENCH_SKIP; // 'speed' | 'relevance'
const relevanceDbs = (process.env.BENCH_RELEVANCE_DB ?? 'pglite').split(',');
const keep = process.env.BENCH_KEEP === '1';
const INDEX_TABLES = (process.env.BENCH_INDEX_TABLES ?? 'search_documents').split(',');
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'bench_search_';
const DIR_PREFIX = process.env.BENCH_DIR_PREFIX ?? join(tmpdir(), 'medportal-bench-search-');
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** SEARCH_RESULT_CAP of the contract: pages beyond it are empty. */
const RESULT_CAP = 1000;

const ENGINES = [
  ...(process.env.BENCH_COMPARE ? [{ name: 'before', entry: process.env.BENCH_COMPARE }] : []),
  { name: 'after', entry: process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/server.mjs') },
];

// ---------------------------------------------------------------------------------------------
// Synthetic corpus: a bilingual vocabulary of diseases, aspects and qualifiers.

const DISEASES = [
  ['淋巴瘤', 'lymphoma'], ['非小细胞肺癌', 'non-small cell lung cancer'], ['乳腺癌', 'breast cancer'],
  ['多发性骨髓瘤', 'multiple myeloma'], ['急性髓系白血病', 'acute myeloid leukaemia'], ['慢性淋巴细胞白血病', 'chronic lymphocytic leukaemia'],
  ['心力衰竭', 'heart failure'], ['心房颤动', 'atrial fibrillation'], ['冠心病', 'coronary heart disease'], ['高血压', 'hypertension'],
  ['2型糖尿病', 'type 2 diabetes'], ['缺血性卒中', 'ischaemic stroke'], ['阿尔茨海默病', "alzheimer's disease"], ['帕金森病', "parkinson's disease"],
  ['慢性阻塞性肺疾病', 'chronic obstructive pulmonary disease'], ['哮喘', 'asthma'], ['肝细胞癌', 'hepatocellular carcinoma'], ['胃癌', 'gastric cancer'],
  ['结直肠癌', 'colorectal cancer'], ['前列腺癌', 'prostate cancer'], ['卵巢癌', 'ovarian cancer'], ['甲状腺癌', 'thyroid cancer'],
  ['胰腺癌', 'pancreatic cancer'], ['黑色素瘤', 'melanoma'], ['类风湿关节炎', 'rheumatoid arthritis'], ['系统性红斑狼疮', 'systemic lupus erythematosus'],
  ['慢性肾脏病', 'chronic kidney disease'], ['脓毒症', 'sepsis'], ['骨质疏松症', 'osteoporosis'], ['抑郁症', 'depression'],
  ['弥漫大B细胞淋巴瘤', 'diffuse large b-cell lymphoma'], ['骨髓增生异常综合征', 'myelodysplastic syndrome'],
];
const ASPECTS = [
  ['靶向治疗', 'targeted therapy'], ['免疫治疗', 'immunotherapy'], ['早期诊断', 'early diagnosis'], ['指南解读', 'guideline review'],
  ['病例分享', 'case study'], ['临床研究进展', 'clinical research advances'], ['规范化管理', 'standardised management'],
  ['药物不良反应', 'adverse drug reactions'], ['影像学评估', 'imaging assessment'], ['手术治疗', 'surgical treatment'],
  ['预后因素', 'prognostic factors'], ['多学科诊疗', 'multidisciplinary care'], ['真实世界研究', 'real-world evidence'],
  ['CAR-T细胞疗法', 'CAR-T cell therapy'], ['基因检测', 'genetic testing'], ['护理要点', 'nursing essentials'],
];
const QUALIFIERS = [
  ['专家共识', 'expert consensus'], ['从基础到临床', 'from bench to bedside'], ['年度回顾', 'year in review'], ['热点问答', 'hot questions answered'],
  ['青年医师课堂', 'for young physicians'], ['ASCO 2025 速递', 'ASCO 2025 highlights'], ['ESMO 2025 要点', 'ESMO 2025 key points'], ['疑难病例讨论', 'difficult case discussion'],
];

const lit = (s) => (s === null || s === undefined ? 'null' : `'${String(s).replace(/'/g, "''")}'`);
const arr = (list, i) => `ARRAY[${list.map((x) => lit(x[i])).join(',')}]::text[]`;
// Fixed vocabulary, quoted here: the SQL below has no outside input.
const VOCAB = `select ${arr(DISEASES, 0)} as dz, ${arr(DISEASES, 1)} as de, ${arr(ASPECTS, 0)} as az, ${arr(ASPECTS, 1)} as ae,
  ${arr(QUALIFIERS, 0)} as qz, ${arr(QUALIFIERS, 1)} as qe`;
// Element k (0-based, wrapped) of a vocabulary array.
const at = (a, k) => `${a}[1 + ((${k}) % array_length(${a}, 1))]`;

/** BENCH_COURSES courses and BENCH_NEWS news, next to the seeded content. */
async function generateCorpus(db) {
  await db.execute(sql.raw(`insert into news_categories (title_zh, title_en, sort, status) values
    ('临床资讯', 'Clinical news', 101, 'published'), ('学术会议', 'Meetings', 102, 'published'), ('药物研发', 'Drug research', 103, 'published')`));
  const [cat] = await queryRows(db, sql`select min(id) as id from news_categories where sort > 100`);
  // Popularity is skewed (a few very popular items), dates spread over ten years.
  for (let from = 1; from <= COURSES; from += 50_000) {
    const to = Math.min(COURSES, from + 49_999);
    await db.execute(
      sql.raw(`with v as (${VOCAB})
      insert into courses (course_type, title_zh, title_en, summary_zh, summary_en, cover, price_type, price, learn_count, status, published_at)
      select 1,
        ${at('dz', 'g')} || ${at('az', 'g / 32')} || '：' || ${at('qz', 'g / 7')} || '（第' || g || '讲）',
        initcap(${at('ae', 'g / 32')}) || ' in ' || ${at('de', 'g')} || ': ' || ${at('qe', 'g / 7')} || ' (part ' || g || ')',
        '本课程围绕' || ${at('dz', 'g * 7 + 3')} || '与' || ${at('dz', 'g * 11 + 5')} || '的' || ${at('az', 'g * 3 + 1')} || '展开，结合' || ${at('qz', 'g + 2')} || '与临床实践进行系统讲解。',
        'This course covers ' || ${at('ae', 'g * 3 + 1')} || ' in ' || ${at('de', 'g * 7 + 3')} || ' and ' || ${at('de', 'g * 11 + 5')} || ', with ' || ${at('qe', 'g + 2')} || ' and clinical practice.',
        '/media/cover/course-' || (g % 50) || '.svg', 1 + (g % 2), (g % 2) * 9900, (100000 / (1 + (g::bigint * 7919) % 2000))::int,
        (case when g % 33 = 0 then 'draft' else 'published' end)::content_status,
        now() - ((g * 37) % 3650) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(${from}, ${to}) g, v`),
    );
    progress(`courses ${to.toLocaleString('en')}/${COURSES.toLocaleString('en')}`);
  }
  for (let from = 1; from <= NEWS; from += 50_000) {
    const to = Math.min(NEWS, from + 49_999);
    await db.execute(
      sql.raw(`with v as (${VOCAB})
      insert into news (category_id, title_zh, title_en, description_zh, description_en, body_zh, body_en, cover, view_count, status, published_at)
      select ${Number(cat.id)} + g % 3,
        ${at('qz', 'g / 5')} || '｜' || ${at('dz', 'g * 13 + 1')} || ${at('az', 'g / 3')} || '最新数据发布（' || g || '）',
        initcap(${at('qe', 'g / 5')}) || ': new data on ' || ${at('ae', 'g / 3')} || ' in ' || ${at('de', 'g * 13 + 1')} || ' (' || g || ')',
        '研究者报告了' || ${at('dz', 'g * 13 + 1')} || '患者接受' || ${at('az', 'g / 3')} || '后的疗效与安全性数据。',
        'Investigators report efficacy and safety of ' || ${at('ae', 'g / 3')} || ' in ' || ${at('de', 'g * 13 + 1')} || '.',
        '<p>一项纳入' || (100 + g % 900) || '例' || ${at('dz', 'g * 13 + 1')} || '患者的研究显示，' || ${at('az', 'g / 3')} || '显著改善了总生存期。</p><p>同时，研究也观察到' || ${at('dz', 'g * 5 + 2')} || '合并症患者的' || ${at('az', 'g * 7 + 4')} || '需要个体化调整。DOI: 10.1000/bench.' || g || '</p>',
        '<p>A study of ' || (100 + g % 900) || ' patients with ' || ${at('de', 'g * 13 + 1')} || ' shows that ' || ${at('ae', 'g / 3')} || ' improved overall survival.</p><p>Patients with ' || ${at('de', 'g * 5 + 2')} || ' as a comorbidity needed individual adjustment of ' || ${at('ae', 'g * 7 + 4')} || '.</p>',
        '/media/cover/news-' || (g % 50) || '.svg', (50000 / (1 + (g::bigint * 104729) % 5000))::int,
        (case when g % 41 = 0 then 'offline' else 'published' end)::content_status,
        now() - ((g * 53) % 3650) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(${from}, ${to}) g, v`),
    );
    progress(`news ${to.toLocaleString('en')}/${NEWS.toLocaleString('en')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Judged corpus.

const PUBLISHED = `'published'::content_status`;

/**
 * The judged documents in place of the seeded searchable content (and its hot words): returns
 * `module:item_id` of every judged key.
 */
async function loadJudged(db) {
  await db.execute(sql.raw('truncate courses, lives, news, speakers, papers, columns, congresses restart identity cascade'));
  await db.execute(sql.raw('delete from hot_words'));
  const one = async (statement) => Number((await queryRows(db, sql.raw(`${statement} returning id`)))[0].id);
  const ids = new Map();
  for (const [i, [zh, en]] of judged.HOT_WORDS.entries()) {
    await db.execute(sql.raw(`insert into hot_words (word_zh, word_en, sort, status) values (${lit(zh)}, ${lit(en)}, ${i}, ${PUBLISHED})`));
  }
  const hospitals = new Map();
  for (const [key, zh, en, cityZh, cityEn] of judged.HOSPITALS) {
    hospitals.set(key, await one(`insert into hospitals (name_zh, name_en, city_zh, city_en, logo) values (${lit(zh)}, ${lit(en)}, ${lit(cityZh)}, ${lit(cityEn)}, '/media/logo/h.svg')`));
  }
  const speakers = new Map();
  for (const [key, , nameZh, nameEn, titleZh, titleEn, introZh, introEn, hospital] of judged.SPEAKERS) {
    const id = await one(`insert into speakers (name_zh, name_en, avatar, title_zh, title_en, intro_zh, intro_en, hospital_id, status)
      values (${lit(nameZh)}, ${lit(nameEn)}, '/media/avatar/s.svg', ${lit(titleZh)}, ${lit(titleEn)}, ${lit(introZh)}, ${lit(introEn)},
      ${hospital ? hospitals.get(hospital) : 'null'}, ${PUBLISHED})`);
    speakers.set(key, id);
    ids.set(key, `speaker:${id}`);
  }
  const speakerId = (key) => (key ? speakers.get(key) : 'null');
  // Dates spread back from today, a few days apart, so recency does not decide much.
  const day = (i) => `now() - interval '${3 + i * 4} days'`;
  for (const [i, [key, , zh, en, textZh, textEn, speaker]] of judged.COURSES.entries()) {
    const id = await one(`insert into courses (course_type, title_zh, title_en, summary_zh, summary_en, cover, price_type, learn_count, speaker_id, status, published_at)
      values (1, ${lit(zh)}, ${lit(en)}, ${lit(textZh)}, ${lit(textEn)}, '/media/cover/c.svg', 1, ${100 + ((i * 37) % 400)}, ${speakerId(speaker)}, ${PUBLISHED}, ${day(i)})`);
    ids.set(key, `course:${id}`);
  }
  const category = await one(`insert into news_categories (title_zh, title_en, sort, status) values ('临床资讯', 'Clinical news', 1, ${PUBLISHED})`);
  for (const [i, [key, , zh, en, textZh, textEn]] of judged.NEWS.entries()) {
    const id = await one(`insert into news (category_id, title_zh, title_en, description_zh, description_en, body_zh, body_en, cover, view_count, status, published_at)
      values (${category}, ${lit(zh)}, ${lit(en)}, ${lit(textZh)}, ${lit(textEn)}, ${lit(`<p>${textZh}</p>`)}, ${textEn ? lit(`<p>${textEn}</p>`) : 'null'},
      '/media/cover/n.svg', ${200 + ((i * 53) % 800)}, ${PUBLISHED}, ${day(i)})`);
    ids.set(key, `news:${id}`);
  }
  for (const [i, [key, , zh, en, subZh, subEn, speaker]] of judged.LIVES.entries()) {
    const id = await one(`insert into lives (title_zh, title_en, sub_title_zh, sub_title_en, banner, start_at, end_at, meeting_no, speaker_id, status, published_at)
      values (${lit(zh)}, ${lit(en)}, ${lit(subZh)}, ${lit(subEn)}, '/media/cover/l.svg', now() + interval '${i * 3 - 12} days',
      now() + interval '${i * 3 - 12} days 2 hours', '${String(100000000 + i)}', ${speakerId(speaker)}, ${PUBLISHED}, now() - interval '30 days')`);
    ids.set(key, `live:${id}`);
  }
  for (const [i, [key, , zh, en, absZh, absEn, journal]] of judged.PAPERS.entries()) {
    const id = await one(`insert into papers (uuid, title_zh, title_en, abstract_zh, abstract_en, full_journal, status, published_at)
      values (gen_random_uuid(), ${lit(zh)}, ${lit(en)}, ${lit(absZh)}, ${lit(absEn)}, ${lit(journal)}, ${PUBLISHED}, ${day(i)})`);
    ids.set(key, `paper:${id}`);
  }
  for (const [key, , zh, en, descZh, descEn] of judged.COLUMNS) {
    const id = await one(`insert into columns (title_zh, title_en, desc_zh, desc_en, cover, status)
      values (${lit(zh)}, ${lit(en)}, ${lit(descZh)}, ${lit(descEn)}, '/media/cover/col.svg', ${PUBLISHED})`);
    ids.set(key, `column:${id}`);
  }
  for (const [key, , acronym, zh, en, orgZh, orgEn, start, end, cityZh, cityEn, country, field, region, sumZh, sumEn] of judged.CONGRESSES) {
    const id = await one(`insert into congresses (acronym, title_zh, title_en, organizer_zh, organizer_en, start_date, end_date, city_zh, city_en, country,
        field, region, url, logo, summary_zh, summary_en, status)
      values (${lit(acronym)}, ${lit(zh)}, ${lit(en)}, ${lit(orgZh)}, ${lit(orgEn)}, ${lit(start)}, ${lit(end)}, ${lit(cityZh)}, ${lit(cityEn)},
        ${lit(country)}, ${lit(field)}, ${lit(region)}, 'https://example.org/', '/media/logo/cg.svg', ${lit(sumZh)}, ${lit(sumEn)}, ${PUBLISHED})`);
    ids.set(key, `congress:${id}`);
  }
  return ids;
}

/** Every judged document's subjects, with what they imply and its speaker's and hospital's tags. */
function judgedTags() {
  const tags = new Map();
  const close = (list) => {
    const out = new Set();
    const add = (t) => {
      if (out.has(t)) return;
      out.add(t);
      for (const u of judged.IMPLIES[t] ?? []) add(u);
    };
    for (const t of list) add(t);
    return out;
  };
  const split = (s) => s.split(' ').filter(Boolean);
  for (const s of judged.SPEAKERS) tags.set(s[0], close([...split(s[1]), `who:${s[0]}`, ...(s[8] ? [`h:${s[8]}`] : [])]));
  for (const c of judged.COURSES) tags.set(c[0], close([...split(c[1]), ...(c[6] ? [`who:${c[6]}`] : [])]));
  for (const l of judged.LIVES) tags.set(l[0], close([...split(l[1]), ...(l[6] ? [`who:${l[6]}`] : [])]));
  for (const list of [judged.NEWS, judged.PAPERS, judged.COLUMNS, judged.CONGRESSES]) for (const d of list) tags.set(d[0], close(split(d[1])));
  return tags;
}

/** Each query with the judged keys relevant to it. */
function judgedQueries() {
  const tags = judgedTags();
  return judged.QUERIES.map(([keyword, language, ...meanings]) => {
    const relevant = [...tags].filter(([, t]) => meanings.some((m) => m.split('+').every((x) => t.has(x)))).map(([key]) => key);
    if (relevant.length === 0) throw new Error(`judged query "${keyword}" has no relevant document`);
    return { keyword, language, relevant };
  });
}

// ---------------------------------------------------------------------------------------------
// Servers.

let nextPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
const port = async () => (nextPort === null ? freePort() : nextPort++);

const s1 = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
let lastProgress = 0;
/** A line now and then while something long runs. */
function progress(msg, force = false) {
  const now = performance.now();
  if (!force && now - lastProgress < 30_000) return;
  lastProgress = now;
  console.log(`  … ${msg}`);
}

/** `engine`'s build on database `target` ({ driver, dataDir } or { driver, url }). */
async function startServer(engine, target, env = {}) {
  const p = await port();
  const childEnv = {
    ...process.env,
    PORT: String(p),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: `http://127.0.0.1:${p}`,
    CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32),
    CERT_SIGNING_KEY: '22'.repeat(32),
    DATA_DIR: target.home,
    ...env,
  };
  // One process per build: nothing shared between the two through Redis.
  delete childEnv.REDIS_URL;
  if (target.driver === 'postgres') childEnv.DATABASE_URL = target.url;
  else delete childEnv.DATABASE_URL;
  const t0 = performance.now();
  // With the V8 flag `npm start` gives the server (decision record 0032).
  const child = spawn(process.execPath, ['--max-semi-space-size=4', engine.entry], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  // Its log's errors (pino level 50 and up) are shown, with whatever is not a log line.
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let level = 100;
      try {
        level = JSON.parse(line).level ?? 100;
      } catch {
        // not a log line
      }
      if (line.trim() && level >= 50) console.log(`  [${engine.name}] ${line.slice(0, 500)}`);
    }
  });
  return { child, url: `http://127.0.0.1:${p}`, t0 };
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/** Polls `path` until `done(res)`; ms since the server's spawn. */
async function until(server, path, done, what) {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}`);
    try {
      const res = await fetch(`${server.url}${path}`);
      if (await done(res)) return performance.now() - server.t0;
    } catch {
      // not up yet
    }
    progress(`${what}: waiting (${s1(performance.now() - server.t0)})`);
    await sleep(100);
  }
}

const FIRST_KEYWORD = '淋巴瘤';
/** Ready: /readyz answers, and says search is ready when it says anything about it. */
const isReady = async (res) => res.ok && ((await res.json()).search ?? 'ready') === 'ready';

/**
 * The start of a server: until it listens, until a search is answered with results, until
 * /readyz says it is ready (a build that answers searches from the database says so at once). A
 * build's index appears whole (both builds swap a complete one in), so the first results mean the
 * index is built.
 */
async function timeStart(server, what) {
  const listen = await until(server, '/healthz', (res) => res.ok, what);
  const searchPath = `/v1/pc/search?keyword=${encodeURIComponent(FIRST_KEYWORD)}&language=zh_CN`;
  const [firstSearch, ready] = await Promise.all([
    until(server, searchPath, async (res) => res.ok && (await res.json()).data?.items?.length > 0, what),
    until(server, '/readyz', isReady, what),
  ]);
  return { listen, firstSearch, ready };
}

/** The server's resident memory, MB. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

// ---------------------------------------------------------------------------------------------
// Scratch databases.

async function reachable(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(statement, params) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await c.query(statement, params);
  } finally {
    await c.end();
  }
}

/** A scratch database for one build: its data dir (PGlite's database in it) or a PostgreSQL database. */
async function scratch(driver, label) {
  const home = mkdtempSync(`${DIR_PREFIX}${label}-`);
  if (driver === 'pglite') return { driver, home, name: home, dataDir: join(home, 'pglite') };
  const name = `${DB_PREFIX}${label}_${process.pid}`.replace(/[^a-z0-9_]/g, '_');
  await adminQuery(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { driver, home, name, url: url.toString() };
}

async function dropScratch(target) {
  if (keep) {
    console.log(`  kept: ${target.driver === 'postgres' ? `database ${target.name}, ` : ''}data dir ${target.home}`);
    return;
  }
  rmSync(target.home, { recursive: true, force: true });
  if (target.driver === 'postgres') await adminQuery(`drop database if exists ${target.name} with (force)`);
}

/** Opens the scratch database in this process (its server stopped), runs `fn`, closes it. */
async function withDb(target, fn) {
  const database = await openDatabase(target.driver === 'pglite' ? { driver: 'pglite', dataDir: target.dataDir } : { driver: 'postgres', url: target.url });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Empties the index tables that exist, so the next start builds the index from the content. */
async function emptyIndex(db) {
  for (const table of INDEX_TABLES) {
    const [exists] = await queryRows(db, sql`select to_regclass(${table}) is not null as yes`);
    if (exists?.yes) await db.execute(sql.raw(`truncate ${table}`));
  }
}

/**
 * A scratch database with the build's schema, seed and `fill`'s content, its index emptied, then
 * the build's first start on it (building its index), timed.
 */
async function prepare(engine, driver, label, fill) {
  const target = await scratch(driver, label);
  try {
    const seeding = await startServer(engine, target);
    try {
      await until(seeding, '/readyz', isReady, `${engine.name}: migrating and seeding`);
    } finally {
      await stopServer(seeding);
    }
    const filled = await withDb(target, async (db) => {
      const out = await fill(db);
      await emptyIndex(db);
      await db.execute(sql`analyze`);
      return out;
    });
    const server = await startServer(engine, target);
    try {
      const start = await timeStart(server, `${engine.name}: first start, building the index`);
      return { target, filled, start };
    } finally {
      await stopServer(server);
    }
  } catch (err) {
    await dropScratch(target).catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Load.

const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONCURRENCY) });

/** One GET; whether it answered code 0. The body is parsed only for its code. */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(false);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).code === 0);
        } catch {
          resolve(false);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Every path once, from `concurrency` workers: latencies in ms and errors. */
async function load(url, paths, concurrency) {
  const latencies = [];
  let next = 0;
  let errors = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= paths.length) return;
      const t = performance.now();
      const good = await get(url + paths[i]);
      latencies.push(performance.now() - t);
      if (!good) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, errors };
}

/** p50/p95/p99 in ms and errors of load runs. */
function stats(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99), n: latencies.length, errors: runs.reduce((n, r) => n + r.errors, 0) };
}

/** Requests per turn when the builds take turns on a class's urls. */
const TURN = 50;

/**
 * The same urls on every server, in turns of TURN requests, the order of the servers swapped at
 * every turn: the machine's other load, which comes and goes, weighs on the builds alike.
 */
async function alternate(servers, paths, concurrency) {
  const runs = servers.map(() => []);
  for (let from = 0, turn = 0; from < paths.length; from += TURN, turn++) {
    const part = paths.slice(from, from + TURN);
    const order = servers.map((_, i) => i);
    if (turn % 2) order.reverse();
    for (const i of order) runs[i].push(await load(servers[i].server.url, part, concurrency));
  }
  return runs.map(stats);
}

const TYPES = ['all', 'course', 'news'];
/** A search url; null for a keyword longer than the contract accepts (SEARCH_KEYWORD_MAX). */
const searchPath = (keyword, i, page, language) =>
  keyword.length > 50 ? null : `/v1/pc/search?keyword=${encodeURIComponent(keyword)}&type=${TYPES[i % TYPES.length]}&page=${page}&page_size=20&language=${language}`;
const suggestPath = (word, language) => `/v1/user/search_word_remind?word=${encodeURIComponent(word)}&language=${language}`;

/** `count` distinct urls from `make(i)` (null: none), deterministic order. */
const distinct = (count, make) => {
  const out = new Set();
  for (let i = 0; out.size < count && i < count * 50; i++) {
    const url = make(i);
    if (url) out.add(url);
  }
  return [...out];
};
const pick = (list, i) => list[i % list.length];
const zhWords = [...DISEASES, ...ASPECTS].map(([zh]) => zh);
const enWords = [...DISEASES, ...ASPECTS].map(([, en]) => en);
// What the search box holds while someone types: a first few letters or characters.
const enPrefixes = [...new Set(enWords.flatMap((w) => [3, 4, 5, 6, 7, 8, 9, 10].map((n) => w.slice(0, n).trim())).filter((w) => w.length >= 3))];
const zhPrefixes = [...new Set(zhWords.flatMap((w) => [1, 2, 3].map((n) => w.slice(0, n))))];

/**
 * Query classes, each a list of urls at least `need` long, never repeated (varying keyword,
 * type and page): so every request is a first one for the server's answer cache.
 */
function queryClasses(need) {
  const n = DISEASES.length * ASPECTS.length;
  return [
    ['common zh', distinct(need, (i) => searchPath(pick(zhWords, i), Math.floor(i / zhWords.length), 1 + Math.floor(i / (zhWords.length * 3)), 'zh_CN'))],
    ['common en', distinct(need, (i) => searchPath(pick(enWords, i), Math.floor(i / enWords.length), 1 + Math.floor(i / (enWords.length * 3)), 'en'))],
    [
      'two words',
      distinct(need, (i) => {
        const [dz, de] = DISEASES[i % DISEASES.length];
        const [az, ae] = ASPECTS[Math.floor(i / DISEASES.length) % ASPECTS.length];
        return i % 2 ? searchPath(`${dz} ${az}`, i, 1 + Math.floor(i / n), 'zh_CN') : searchPath(`${ae} ${de}`, i, 1 + Math.floor(i / n), 'en');
      }),
    ],
    // An item's own number, or a word in no document.
    ['rare', distinct(need, (i) => (i % 3 === 0 ? searchPath(`第${(i * 7919) % COURSES || 1}讲`, i, 1, 'zh_CN') : i % 3 === 1 ? searchPath(`part ${(i * 104729) % COURSES || 1}`, i, 1, 'en') : searchPath(`zebra${i}`, i, 1, 'en')))],
    ['prefix', distinct(need, (i) => (i % 2 ? searchPath(pick(zhPrefixes, i >> 1), i >> 1, 1 + Math.floor(i / (2 * zhPrefixes.length)), 'zh_CN') : searchPath(pick(enPrefixes, i >> 1), i >> 1, 1 + Math.floor(i / (2 * enPrefixes.length)), 'en')))],
    ['deep pages', distinct(need, (i) => searchPath(i % 2 ? pick(zhWords, i >> 1) : pick(enWords, i >> 1), i, 5 + (Math.floor(i / 96) * 7 + i) % 46, i % 2 ? 'zh_CN' : 'en'))],
    [
      'suggestions',
      distinct(need, (i) => {
        const list = i % 2 ? zhPrefixes : enPrefixes;
        // Each word in both languages: the answer differs (and is cached) per language.
        const language = Math.floor((i >> 1) / list.length) % 2 === (i % 2) ? 'en' : 'zh_CN';
        return suggestPath(pick(list, i >> 1), language);
      }),
    ],
  ];
}

/** Keywords outside the classes' vocabulary: the JIT and the database's cache, before the figures. */
const WARM_UP = ['室性早搏', '心肌病', '肺栓塞', 'tachycardia', 'cardiomyopathy', 'embolism', '心肌', 'tachy'].flatMap((k, i) => [
  searchPath(k, i, 1, 'zh_CN'),
  searchPath(k, i + 1, 2, 'en'),
  suggestPath(k, 'zh_CN'),
]);

// ---------------------------------------------------------------------------------------------
// Runs.

/** Speed and resources of every build on one database kind. */
async function benchSpeed(driver) {
  const total = COURSES + NEWS;
  console.log(`\n== ${driver}: speed, ${COURSES.toLocaleString('en')} courses + ${NEWS.toLocaleString('en')} news`);
  const results = Object.fromEntries(ENGINES.map((e) => [e.name, { rows: {} }]));
  const prepared = [];
  try {
    for (const engine of ENGINES) {
      const t0 = performance.now();
      const p = await prepare(engine, driver, `${engine.name}_speed`, async (db) => {
        await generateCorpus(db);
        return {};
      });
      prepared.push({ engine, ...p });
      const r = results[engine.name];
      r.build = p.start;
      console.log(
        `${engine.name}: corpus and first start in ${s1(performance.now() - t0)}; first start (index built): listening ${s1(p.start.listen)}, ` +
          `first search ${s1(p.start.firstSearch)}, ready ${s1(p.start.ready)}`,
      );
    }
    // Restarts on the existing data, one at a time (the other build idle), then both kept running.
    const servers = [];
    try {
      for (const { engine, target } of prepared) {
        const server = await startServer(engine, target);
        servers.push({ engine, server });
        const start = await timeStart(server, `${engine.name}: restart`);
        results[engine.name].restart = start;
        console.log(`${engine.name}: restart: listening ${s1(start.listen)}, first search ${s1(start.firstSearch)}, ready ${s1(start.ready)}`);
      }
      for (const { server } of servers) await load(server.url, WARM_UP.flatMap((p) => [p, p, p]), 4);
      const need = REQUESTS * CONCURRENCY.length;
      for (const [name, urls] of queryClasses(need)) {
        if (urls.length < need) console.log(`  (${name}: ${urls.length} distinct urls for ${need} requests)`);
        for (const [ci, c] of CONCURRENCY.entries()) {
          const part = urls.slice(ci * REQUESTS, (ci + 1) * REQUESTS);
          if (part.length === 0) continue;
          const measured = await alternate(servers, part, c);
          for (const [i, { engine }] of servers.entries()) results[engine.name].rows[`${name}, c=${c}`] = measured[i];
          console.log(`  ${name}, concurrency ${c}: ${servers.map(({ engine }) => `${engine.name} ${fmtLatency(results[engine.name].rows[`${name}, c=${c}`])}`).join('   ')}`);
        }
      }
      for (const { engine, server } of servers) results[engine.name].rss = rssMb(server.child.pid);
    } finally {
      for (const { server } of servers) await stopServer(server);
    }
  } finally {
    for (const p of prepared) await dropScratch(p.target);
  }
  return { driver, total, results };
}

/** Relevance of every build on the judged set, on one database kind. */
async function benchRelevance(driver) {
  const queries = judgedQueries();
  console.log(`\n== ${driver}: relevance, ${queries.length} judged queries`);
  const results = {};
  for (const engine of ENGINES) {
    const p = await prepare(engine, driver, `${engine.name}_judged`, loadJudged);
    const ids = p.filled;
    const server = await startServer(engine, p.target);
    try {
      await timeStart(server, `${engine.name}: judged set`);
      const perQuery = [];
      for (const q of queries) {
        const found = [];
        for (let page = 1; found.length < RESULT_CAP; page++) {
          const path = `/v1/pc/search?keyword=${encodeURIComponent(q.keyword)}&type=all&page=${page}&page_size=100&language=${q.language}`;
          const body = await (await fetch(server.url + path)).json();
          if (body.code !== 0) throw new Error(`${engine.name}: search "${q.keyword}" answered ${JSON.stringify(body).slice(0, 200)}`);
          found.push(...body.data.items.map((it) => `${it.module}:${it.item_id}`));
          if (!body.data.has_more || body.data.items.length === 0) break;
        }
        const relevant = new Set(q.relevant.map((k) => ids.get(k)));
        const top = found.slice(0, 10).filter((x) => relevant.has(x)).length;
        const all = found.slice(0, RESULT_CAP).filter((x) => relevant.has(x)).length;
        perQuery.push({ ...q, p10: top / Math.min(10, relevant.size), recall: all / relevant.size, found: found.length });
      }
      results[engine.name] = perQuery;
      const mean = (f) => perQuery.reduce((s, x) => s + f(x), 0) / perQuery.length;
      console.log(`${engine.name}: P@10 ${mean((x) => x.p10).toFixed(3)}, recall ${mean((x) => x.recall).toFixed(3)}`);
    } finally {
      await stopServer(server);
      await dropScratch(p.target);
    }
  }
  return { driver, queries, results };
}

// ---------------------------------------------------------------------------------------------
// Tables.

const fmtLatency = (r) => (r ? `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}${r.errors ? ` (${r.errors} err)` : ''}` : '-');
const names = ENGINES.map((e) => e.name);

/** Columns a string takes in a terminal: Chinese characters and full-width forms take two. */
const columns = (s) => [...s].reduce((n, ch) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1), 0);
const pad = (s, width) => s + ' '.repeat(Math.max(0, width - columns(s)));

function table(head, rows) {
  const cells = [head, ...rows];
  const width = head.map((_, i) => Math.max(...cells.map((r) => columns(String(r[i])))));
  const line = (r) => `| ${r.map((c, i) => pad(String(c), width[i])).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function printRelevance(rel) {
  const mean = (list, f) => (list.length ? list.reduce((s, x) => s + f(x), 0) / list.length : 0);
  const subsets = [
    ['all', () => true],
    ['zh', (q) => q.language === 'zh_CN'],
    ['en', (q) => q.language === 'en'],
  ];
  const rows = [];
  for (const [label, keepQ] of subsets) {
    const count = rel.queries.filter(keepQ).length;
    rows.push([`P@10, ${label} queries (${count})`, ...names.map((n) => mean(rel.results[n].filter(keepQ), (x) => x.p10).toFixed(3))]);
    rows.push([`recall, ${label} queries (${count})`, ...names.map((n) => mean(rel.results[n].filter(keepQ), (x) => x.recall).toFixed(3))]);
  }
  console.log(`\n### Relevance, ${rel.driver} (judged set: ${rel.queries.length} queries)\n`);
  console.log(table(['', ...names], rows));
  const cell = (x) => `${x.p10.toFixed(2)} / ${x.recall.toFixed(2)}`;
  const listed =
    names.length > 1
      ? rel.queries.map((q, i) => [q, i]).filter(([, i]) => names.some((n) => cell(rel.results[n][i]) !== cell(rel.results[names[0]][i])))
      : rel.queries.map((q, i) => [q, i]).filter(([, i]) => rel.results[names[0]][i].p10 < 1 || rel.results[names[0]][i].recall < 1);
  console.log(`\n${names.length > 1 ? 'Queries where the builds differ' : 'Queries below 1'} (P@10 / recall; relevant documents):\n`);
  if (listed.length === 0) console.log('(none)');
  else console.log(table(['query', 'lang', 'relevant', ...names], listed.map(([q, i]) => [q.keyword, q.language, q.relevant.length, ...names.map((n) => cell(rel.results[n][i]))])));
}

function printSpeed(speed) {
  const r = speed.results;
  const rows = [
    ['first start (index built): listening', ...names.map((n) => s1(r[n].build?.listen))],
    ['first start: first search with results', ...names.map((n) => s1(r[n].build?.firstSearch))],
    ['first start: /readyz ready', ...names.map((n) => s1(r[n].build?.ready))],
    ['restart: listening', ...names.map((n) => s1(r[n].restart?.listen))],
    ['restart: first search with results', ...names.map((n) => s1(r[n].restart?.firstSearch))],
    ['restart: /readyz ready', ...names.map((n) => s1(r[n].restart?.ready))],
    ['RSS after the run', ...names.map((n) => (r[n].rss ? `${r[n].rss.toFixed(0)} MB` : '-'))],
    ...Object.keys(r[names[0]].rows).map((k) => [`${k}: p50 / p95 / p99 ms`, ...names.map((n) => fmtLatency(r[n].rows[k]))]),
  ];
  console.log(`\n### Speed and resources, ${speed.driver} (${speed.total.toLocaleString('en')} synthetic documents, ${REQUESTS} distinct requests per row)\n`);
  if (speed.server) console.log(`${speed.server}\n`);
  console.log(table(['', ...names], rows));
}

/**
 * The PostgreSQL server's settings that move the figures most: how much of the 1.5 GB of documents
 * and indexes its own cache holds (the rest is read from the OS cache, several microseconds a page).
 */
async function serverSettings() {
  const { rows } = await adminQuery(`select name, setting, unit from pg_settings where name in ('shared_buffers', 'huge_pages', 'effective_cache_size', 'work_mem', 'server_version')`);
  const size = (r) => (r.unit === '8kB' ? `${Math.round((Number(r.setting) * 8) / 1024)} MB` : r.unit === 'kB' ? `${Math.round(Number(r.setting) / 1024)} MB` : r.setting);
  return `PostgreSQL ${rows.find((r) => r.name === 'server_version')?.setting}: ${rows.filter((r) => r.name !== 'server_version').map((r) => `${r.name} ${size(r)}`).join(', ')}`;
}

// ---------------------------------------------------------------------------------------------

const started = performance.now();
console.log(`builds: ${ENGINES.map((e) => `${e.name} = ${e.entry}`).join(', ')}`);
const drivers = [];
if (only !== 'postgres') drivers.push('pglite');
if (only !== 'pglite') {
  if (await reachable(pgUrl)) drivers.push('postgres');
  else console.log(`PostgreSQL not reachable at ${pgUrl.replace(/:[^:@/]*@/, ':***@')}: skipped`);
}
const relevance = [];
const speed = [];
for (const driver of drivers) {
  if (skip !== 'relevance' && relevanceDbs.includes(driver)) relevance.push(await benchRelevance(driver));
  if (skip !== 'speed') speed.push({ ...(await benchSpeed(driver)), server: driver === 'postgres' ? await serverSettings() : null });
}
console.log('\n## bench:search');
for (const rel of relevance) printRelevance(rel);
for (const s of speed) printSpeed(s);
console.log(`\nwhole run: ${s1(performance.now() - started)}`);

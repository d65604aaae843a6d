// Search benchmark: a large bilingual corpus (BENCH_COURSES courses, BENCH_NEWS news; defaults
// 100,000 and 200,000) in a scratch database, the search index built by the server's own indexer,
// then search and suggestion latency through HTTP at 20 concurrent requests against the built
// server: requests never seen before ("cold"), then a Zipf mix over every url ("mixed", the way a
// query log repeats itself; the targets are printed against it). Runs on PGlite (temporary data dir) and, when one is reachable, on PostgreSQL (a scratch
// database created and dropped here; BENCH_DATABASE_URL, else DATABASE_URL, else local 5432).
// Targets: search p95 <= 50 ms, suggestions p95 <= 15 ms. Figures only: nothing here fails on a
// missed target. Run with `npm run bench:search` (builds the server, loads TypeScript through tsx).
// BENCH_COURSES, BENCH_NEWS, BENCH_REQUESTS, BENCH_CONCURRENCY and BENCH_DB=pglite|postgres change
// the run; BENCH_KEEP=1 keeps the corpus for the next run; the server's start on the corpus is timed
// (listening, first search answered, search index loaded); BENCH_SLOWEST=n prints the slowest
// requests; BENCH_SERVER_ENTRY points at another server bundle than apps/server/dist/server.mjs.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { rebuildSearchIndex } from '../apps/server/src/modules/search/search.indexer.ts';
import { SearchIndex } from '../apps/server/src/modules/search/search.memory.ts';
import { freePort } from './bench-lib.mjs';

const entry = process.env.BENCH_SERVER_ENTRY ?? new URL('../apps/server/dist/server.mjs', import.meta.url).pathname;
const COURSES = Number(process.env.BENCH_COURSES ?? 100_000);
const NEWS = Number(process.env.BENCH_NEWS ?? 200_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
// BENCH_SLOWEST=n prints the n slowest requests of every run.
const SLOWEST = Number(process.env.BENCH_SLOWEST ?? 0);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const only = process.env.BENCH_DB; // 'pglite' | 'postgres' to run one

// Bilingual vocabulary the corpus is made of: diseases, aspects, qualifiers.
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

const lit = (s) => `'${s.replace(/'/g, "''")}'`;
const arr = (list, i) => `ARRAY[${list.map((x) => lit(x[i])).join(',')}]::text[]`;
// Fixed vocabulary, quoted here: the SQL below has no outside input.
const VOCAB = `select ${arr(DISEASES, 0)} as dz, ${arr(DISEASES, 1)} as de, ${arr(ASPECTS, 0)} as az, ${arr(ASPECTS, 1)} as ae,
  ${arr(QUALIFIERS, 0)} as qz, ${arr(QUALIFIERS, 1)} as qe`;
// Element k (0-based, wrapped) of a vocabulary array.
const at = (a, k) => `${a}[1 + ((${k}) % array_length(${a}, 1))]`;

async function generate(db) {
  const t0 = performance.now();
  await db.execute(sql.raw(`insert into news_categories (title_zh, title_en, sort, status) values
    ('临床资讯', 'Clinical news', 1, 'published'), ('学术会议', 'Meetings', 2, 'published'), ('药物研发', 'Drug research', 3, 'published')`));
  const [cat] = await queryRows(db, sql`select min(id) as id from news_categories`);
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
  }
  return { tGen: performance.now() - t0 };
}

/** The search index built from the content (the server's own indexer), timed. */
async function index(db) {
  const t0 = performance.now();
  const docs = await rebuildSearchIndex(db);
  await db.execute(sql`analyze`);
  return { tIndex: performance.now() - t0, docs };
}

/** search_documents on disk, and the in-memory index as a server process loads it. */
async function sizes(db) {
  const [size] = await queryRows(db, sql`select pg_total_relation_size('search_documents') as docs_total`);
  const t0 = performance.now();
  const memory = await SearchIndex.open(db, { pollMs: 0 });
  const tLoad = performance.now() - t0;
  const stats = memory.current.stats();
  await memory.close();
  return { size, tLoad, stats };
}


/**
 * Starts the built server on the corpus and times its start: until /healthz answers (listening),
 * until a search is answered (while the index loads, by the slower path), until /readyz says the
 * search index is loaded.
 */
async function startServer(env) {
  const t0 = performance.now();
  const port = await freePort();
  const childEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, CARD_ENCRYPTION_KEY: process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32) };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [entry], {
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = async (path, done) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${url}${path}`);
        if (await done(res)) return performance.now() - t0;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const listen = await until('/healthz', (res) => res.ok);
  const [firstSearch, ready] = await Promise.all([
    until(`/v1/pc/search?keyword=${encodeURIComponent('淋巴瘤')}`, async (res) => res.ok && (await res.json()).code === 0),
    until('/readyz', async (res) => res.ok && (await res.json()).search === 'ready'),
  ]);
  return { child, url, start: { listen, firstSearch, ready } };
}

async function stopServer(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// Keywords people type: the fixed list below (common and rare, zh and en, one character to a
// phrase, a miss in each language) and every disease, aspect and disease+aspect pair of the
// vocabulary in both languages. About 1,100 keywords, each searched in one type.
const FIXED = [
  '淋巴瘤', '非小细胞肺癌', '乳腺癌 免疫治疗', '靶向治疗', '多发性骨髓瘤', '弥漫大B细胞淋巴瘤', '心力衰竭指南解读', '阿尔茨海默病',
  'CAR-T', '基因检测', '真实世界研究', '胰腺癌 手术治疗', '卒中', '骨质疏松', '专家共识', '癌',
  'lymphoma', 'lymph', 'breast cancer', 'immunotherapy', 'heart failure', 'car-t cell', 'myeloma', 'diabetes',
  'sepsis', 'parkinson', 'asco 2025', 'guideline review', 'non-small cell lung', 'melanoma immuno', 'rare zebra term', '罕见词条',
];
const KEYWORDS = [
  ...FIXED,
  ...DISEASES.flat(),
  ...ASPECTS.flat(),
  ...DISEASES.flatMap(([dz, de]) => ASPECTS.flatMap(([az, ae]) => [`${dz}${az}`, `${ae} ${de}`])),
].filter((k) => k.length <= 50);
const TYPES = ['all', 'all', 'course', 'news'];
const searchUrl = (k, i, page) =>
  `/v1/pc/search?keyword=${encodeURIComponent(k)}&type=${TYPES[i % 4]}&page=${page}&page_size=20&language=${i % 3 ? 'zh_CN' : 'en'}`;
// Most searches read page 1; some go on to pages 2 and 5.
const SEARCH_URLS = KEYWORDS.flatMap((k, i) => [searchUrl(k, i, 1), ...(i % 4 === 0 ? [searchUrl(k, i, 2)] : []), ...(i % 16 === 0 ? [searchUrl(k, i, 5)] : [])]);

// What the search box sends while someone types: every prefix of every vocabulary term (zh by
// character, en by letter up to the first two words).
const prefixes = (word, step) => Array.from({ length: Math.ceil(word.length / step) }, (_, i) => word.slice(0, (i + 1) * step));
const SUGGEST_WORDS = [
  ...new Set([
    ...[...DISEASES, ...ASPECTS, ...QUALIFIERS].flatMap(([zh, en]) => [...prefixes(zh, 1), ...prefixes(en.split(' ').slice(0, 2).join(' '), 1)]),
    'zebra', '罕见',
  ]),
].filter((w) => w.trim().length > 0);
const SUGGEST_URLS = SUGGEST_WORDS.map(
  (w, i) => `/v1/user/search_word_remind?word=${encodeURIComponent(w)}&language=${/[a-z]/i.test(w) || i % 2 ? 'en' : 'zh_CN'}`,
);

/** A fixed pseudo-random sequence (mulberry32), so every run sends the same requests. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` requests over `urls` the way a query log looks: Zipf-distributed (s = 1) over the urls in
 * a shuffled order, so a few keywords come back often and most come once or never.
 */
function zipfMix(urls, count, seed) {
  const rand = random(seed);
  const order = [...urls];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const cumulative = [];
  let sum = 0;
  for (let r = 1; r <= order.length; r++) cumulative.push((sum += 1 / r));
  return Array.from({ length: count }, () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One GET as a browser sends it (gzip accepted). The client stays light (node:http, the body is
 * not unzipped) so its own CPU time on the shared machine does not count as server latency.
 * `check` parses the answer and reports whether its code is 0.
 */
function get(url, check) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': check ? 'identity' : 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(false);
        resolve(check ? JSON.parse(Buffer.concat(chunks).toString('utf8')).code === 0 : true);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `total` requests over `paths` from CONCURRENCY workers; latencies in ms. */
async function load(url, paths, total, check = false) {
  const latencies = [];
  const timed = [];
  let next = 0;
  let errors = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const t = performance.now();
      const path = paths[i % paths.length];
      const good = await get(url + path, check);
      latencies.push(performance.now() - t);
      if (SLOWEST) timed.push([performance.now() - t, decodeURIComponent(path)]);
      if (!good) errors += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  if (SLOWEST) for (const [ms, path] of timed.sort((a, b) => b[0] - a[0]).slice(0, SLOWEST)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${path}`);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99), rps: (total / seconds).toFixed(0), errors };
}

const mb = (n) => `${(Number(n) / 1024 / 1024).toFixed(1)} MB`;

async function bench(name, database, serverEnv) {
  console.log(`\n== ${name}: ${COURSES.toLocaleString('en')} courses + ${NEWS.toLocaleString('en')} news`);
  let built;
  try {
    await runMigrations(database);
    // A kept corpus is reused; its index is built again when a migration emptied it.
    const [content] = await queryRows(database.db, sql`select count(*)::int as n from courses`);
    const generated = content.n > 0 ? {} : await generate(database.db);
    const [indexed] = await queryRows(database.db, sql`select count(*)::int as n from search_documents`);
    const indexing = indexed.n > 0 ? { docs: indexed.n } : await index(database.db);
    built = { ...generated, ...indexing, ...(await sizes(database.db)) };
  } finally {
    await database.close();
  }
  const { tGen, tIndex, docs, size, tLoad, stats } = built;
  console.log(
    `${tGen === undefined ? 'reusing the kept corpus' : `generated in ${(tGen / 1000).toFixed(1)} s`}; ` +
      `${tIndex === undefined ? 'kept index' : `indexed in ${(tIndex / 1000).toFixed(1)} s`}: ${docs.toLocaleString('en')} documents`,
  );
  console.log(`index size: search_documents ${mb(size.docs_total)} on disk`);
  console.log(
    `in memory (per API process): ${stats.documents.toLocaleString('en')} visible documents, ${stats.lexemes.toLocaleString('en')} lexemes, ` +
      `${stats.postings.toLocaleString('en')} postings, about ${mb(stats.bytes)}; loaded in ${(tLoad / 1000).toFixed(1)} s`,
  );
  const { child, url, start } = await startServer(serverEnv);
  const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `server start (existing data): listening after ${s1(start.listen)}, first search answered after ${s1(start.firstSearch)}, ` +
      `search index ready after ${s1(start.ready)}   (targets: listening <= 3 s, search <= 15 s)`,
  );
  try {
    const line = (label, r, target) =>
      `${label.padEnd(26)} p50 ${r.p50.padStart(7)} ms   p95 ${r.p95.padStart(7)} ms   p99 ${r.p99.padStart(7)} ms   ${r.rps.padStart(5)} req/s   errors ${r.errors}${target ? `   (target p95 <= ${target} ms)` : ''}`;
    // Warm-up: the server's JIT and the database's page cache, on requests the runs below never send.
    await load(url, [searchUrl('心房颤动', 1, 3), searchUrl('atrial', 0, 3)], 200, true);
    const warmSuggest = ['ventricul', '室性早搏', 'tachy'].map((w) => `/v1/user/search_word_remind?word=${encodeURIComponent(w)}&language=en`);
    await load(url, warmSuggest, 200, true);
    // Cold: every request different and never seen before, so nothing comes from the answer cache.
    const coldSearch = SEARCH_URLS.filter((_, i) => i % 4 === 1);
    const coldSuggest = SUGGEST_URLS.filter((_, i) => i % 2 === 1);
    const cs = await load(url, coldSearch, coldSearch.length, true);
    const cg = await load(url, coldSuggest, coldSuggest.length, true);
    // Mixed: a query log's repetition over every url (the cold ones included, now cached).
    const s = await load(url, zipfMix(SEARCH_URLS, REQUESTS, 1), REQUESTS);
    const g = await load(url, zipfMix(SUGGEST_URLS, REQUESTS, 2), REQUESTS);
    console.log(`${CONCURRENCY} concurrent requests (${SEARCH_URLS.length} search urls, ${SUGGEST_URLS.length} suggestion words):`);
    console.log(line(`search, cold (${coldSearch.length})`, cs));
    console.log(line(`suggestions, cold (${coldSuggest.length})`, cg));
    console.log(line(`search, mixed (${REQUESTS})`, s, 50));
    console.log(line(`suggestions, mixed (${REQUESTS})`, g, 15));
    return { name, s, g, size, tGen, tIndex };
  } finally {
    await stopServer(child);
  }
}

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

// BENCH_KEEP=1 keeps the generated corpus (PGlite directory, PostgreSQL database) and reuses it
// on the next run, for looking at query plans or timing one change without regenerating.
const keep = process.env.BENCH_KEEP === '1';

if (only !== 'postgres') {
  const dataDir = keep ? join(tmpdir(), 'medportal-bench-search-kept') : mkdtempSync(join(tmpdir(), 'medportal-bench-search-'));
  try {
    const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') });
    await bench('PGlite', database, { DATA_DIR: dataDir });
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
if (only !== 'pglite') {
  if (!(await reachable(pgUrl))) {
    console.log(`\nPostgreSQL not reachable at ${pgUrl.replace(/:[^:@/]*@/, ':***@')}: skipped`);
  } else {
    const name = keep ? 'bench_search_kept' : `bench_search_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await admin.query(`create database ${name}`);
    const target = new URL(pgUrl);
    target.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'medportal-bench-search-'));
    try {
      const database = await openDatabase({ driver: 'postgres', url: target.toString() });
      await bench('PostgreSQL', database, { DATA_DIR: dataDir, DATABASE_URL: target.toString() });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

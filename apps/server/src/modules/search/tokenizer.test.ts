import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchSnapshot } from './search.snapshot.ts';
import { documentVector, excerpt, hanPieces, htmlToText, isEmptyQuery, parseQuery, runs, suggestKey, vectorLexemes } from './tokenizer.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(async () => {
  await db?.close();
});

/**
 * Whether the document text matches the keyword: its vector goes through PostgreSQL's tsvector
 * (as search_documents stores it) into an index snapshot, which the query is matched against.
 */
async function matches(doc: string, keyword: string): Promise<boolean> {
  const q = parseQuery(keyword);
  if (isEmptyQuery(q)) return false;
  const r = await db.query<{ v: string }>('select $1::tsvector::text as v', [documentVector(doc)]);
  const lexemes = vectorLexemes(r.rows[0]?.v ?? '');
  const s = SearchSnapshot.build([{ id: 1, module: 'course', itemId: 1, titleZh: doc, titleEn: null, boost: 0, titleLexemes: lexemes, bodyLexemes: [] }]);
  return s.count(s.query(q, q.prefix === null ? [] : s.completions(q.prefix)), 'title', null) === 1;
}

describe('runs', () => {
  it('separates Han and other scripts and drops punctuation', () => {
    expect(runs('弥漫大B细胞淋巴瘤，CAR-T（2024）').map((r) => r.text)).toEqual(['弥漫大', 'b', '细胞淋巴瘤', 'car', 't', '2024']);
  });

  it('normalises full-width letters and case', () => {
    expect(runs('ＡＳＣＯ Lymphoma').map((r) => r.text)).toEqual(['asco', 'lymphoma']);
  });
});

describe('hanPieces', () => {
  it('glues one-character words to a neighbour', () => {
    expect(hanPieces('淋巴瘤靶向治疗')).toEqual(['淋巴瘤', '靶向', '治疗']);
    expect(hanPieces('非小细胞肺癌')).toEqual(['非小', '细胞', '肺癌']);
    expect(hanPieces('癌')).toEqual(['癌']);
  });
});

describe('Chinese recall', () => {
  const doc = '弥漫大B细胞淋巴瘤的靶向治疗新进展';
  it.each(['淋巴瘤', '靶向治疗', '淋巴瘤靶向治疗', '靶向 淋巴瘤', '弥漫大B细胞淋巴瘤', '瘤', '进展'])('finds %s', async (k) => {
    expect(await matches(doc, k)).toBe(true);
  });

  it('finds non-small-cell lung cancer and its parts', async () => {
    const d = '晚期非小细胞肺癌免疫治疗的真实世界研究';
    for (const k of ['非小细胞肺癌', '肺癌', '免疫治疗', '癌']) expect(await matches(d, k), k).toBe(true);
  });

  it('does not find what is not there', async () => {
    expect(await matches(doc, '肺癌')).toBe(false);
    // Both characters occur, but not next to each other.
    expect(await matches(doc, '瘤向')).toBe(false);
  });
});

describe('English recall', () => {
  const doc = 'Lymphoma: CAR-T cell therapy in 2024';
  it.each(['lymph', 'LYMPHOMA', 'car-t', 'CAR T', 'cell therap', '2024', 'therapy lymphoma'])('finds %s', async (k) => {
    expect(await matches(doc, k)).toBe(true);
  });

  it('matches only the last word as a prefix', async () => {
    expect(await matches(doc, 'lymph therapy')).toBe(false);
    expect(await matches(doc, 'leukemia')).toBe(false);
  });

  it('finds mixed-language text in either language', async () => {
    const d = '淋巴瘤 Lymphoma 研究进展';
    expect(await matches(d, 'lymphoma 淋巴瘤')).toBe(true);
    expect(await matches(d, 'lymphoma 肺癌')).toBe(false);
  });
});

describe('query safety', () => {
  it.each([
    "'; drop table users; --",
    "a & b | !c :* ( ) \\ '",
    "o'brien",
    '<script>alert(1)</script>',
    '\\\\\'\'"":*&|!()<->',
  ])('keeps only letters and digits from %s', (k) => {
    const q = parseQuery(k);
    for (const l of [...q.lexemes, ...(q.prefix === null ? [] : [q.prefix])]) expect(l).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
  });

  it('reads operators and punctuation as separators', () => {
    expect(parseQuery("'; drop table users; --")).toEqual({ lexemes: ['drop', 'table'], prefix: 'users', terms: ['drop', 'table', 'users'] });
    expect(isEmptyQuery(parseQuery('!!! ::: ***'))).toBe(true);
  });

  it('documents with quotes and backslashes make valid vectors that read back the same', async () => {
    const text = "O'Brien \\ 'quoted' 引号“中文”";
    const v = documentVector(text);
    const r = await db.query<{ v: string }>('select $1::tsvector::text as v', [v]);
    expect(vectorLexemes(r.rows[0]?.v ?? '').sort()).toEqual(vectorLexemes(v).sort());
    expect(vectorLexemes(v)).toEqual(expect.arrayContaining(['o', 'brien', '引号', '中文', '中']));
    expect(await matches("O'Brien's notes", "o'brien")).toBe(true);
  });
});

describe('prefix completion', () => {
  const docs = ['Cutaneous T-cell lymphoma', 'Lymphocytic leukaemia in adults', 'Lymphoma outcomes', 'Lymphoma relapse'];
  const snapshot = SearchSnapshot.build(
    docs.map((t, i) => ({ id: i + 1, module: 'course', itemId: i + 1, titleZh: t, titleEn: null, boost: 0, titleLexemes: vectorLexemes(documentVector(t)), bodyLexemes: [] })),
  );

  it('completes the trailing Latin word with its most frequent words', () => {
    const q = parseQuery('cutaneous lymph');
    expect(q).toMatchObject({ lexemes: ['cutaneous'], prefix: 'lymph' });
    expect(snapshot.completions('lymph')).toEqual(['lymphoma', 'lymphocytic']);
    expect(snapshot.completions('lymphoma')).toEqual(['lymphoma']);
    expect(snapshot.completions('zebra')).toEqual([]);
    expect(snapshot.top(snapshot.query(q, snapshot.completions('lymph')), 'title', null, 10).map((slot) => snapshot.documentId(slot))).toEqual([1]);
    expect(snapshot.count(snapshot.query(parseQuery('lymph'), snapshot.completions('lymph')), 'title', null)).toBe(4);
  });

  it('treats only a Latin word at the very end as a prefix', () => {
    expect(parseQuery('淋巴瘤')).toMatchObject({ lexemes: ['淋巴', '巴瘤'], prefix: null });
    expect(parseQuery('癌')).toMatchObject({ lexemes: ['癌'], prefix: null });
    expect(parseQuery('B细胞淋巴瘤')).toMatchObject({ lexemes: ['b', '细胞', '淋巴', '巴瘤'], prefix: null });
    expect(parseQuery('淋巴瘤 lymph')).toMatchObject({ lexemes: ['淋巴', '巴瘤'], prefix: 'lymph' });
  });

  it('finds a one-character Han keyword in titles and bodies', async () => {
    expect(await matches('晚期肺癌的治疗', '癌')).toBe(true);
    expect(await matches('晚期肺癌的治疗', '瘤')).toBe(false);
  });
});

describe('helpers', () => {
  it('cuts an excerpt around the first match', () => {
    const text = `${'前言。'.repeat(60)}本研究评估淋巴瘤患者的靶向治疗。${'结论。'.repeat(60)}`;
    const e = excerpt(text, ['淋巴瘤'], 40);
    expect(e).toContain('淋巴瘤');
    expect(e.startsWith('…')).toBe(true);
    expect(e.endsWith('…')).toBe(true);
    expect(excerpt('short text', ['x'])).toBe('short text');
  });

  it('reads the text out of HTML', () => {
    expect(htmlToText('<p>A&amp;B <b>淋巴瘤</b></p><script>x()</script>')).toBe('A&B 淋巴瘤');
  });

  it('normalises suggestion keys', () => {
    expect(suggestKey('  Lymphoma   ＣＡＲ-T ')).toBe('lymphoma car-t');
  });
});

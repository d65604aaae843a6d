import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsqueryOf } from './search.repository.ts';
import { documentLexemes, documentVector, excerpt, hanPieces, htmlToText, isEmptyQuery, parseQuery, runs, suggestKey, vectorLexemes } from './tokenizer.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(async () => {
  await db?.close();
});

/** Whether the document text matches the keyword, in PostgreSQL: its stored vector `@@` the keyword's tsquery. */
async function matches(doc: string, keyword: string): Promise<boolean> {
  const q = parseQuery(keyword);
  if (isEmptyQuery(q)) return false;
  const r = await db.query<{ m: boolean }>('select $1::tsvector @@ $2::tsquery as m', [documentVector(doc), tsqueryOf(q)]);
  return r.rows[0]?.m === true;
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
  it('keeps medical terms whole and glues one-character words to a neighbour', () => {
    expect(hanPieces('淋巴瘤靶向治疗')).toEqual(['淋巴瘤', '靶向治疗']);
    expect(hanPieces('非小细胞肺癌')).toEqual(['非小细胞肺癌']);
    expect(hanPieces('心房颤动的抗凝治疗')).toEqual(['心房颤动的', '抗凝治疗']);
    expect(hanPieces('癌')).toEqual(['癌']);
  });
});

describe('documentLexemes', () => {
  it('holds characters, bigrams, Latin words and the segmenter’s longer words with their sub-words', () => {
    const l = documentLexemes('晚期非小细胞肺癌的免疫治疗 PD-1');
    for (const x of ['癌', '肺癌', '小细', '非小细胞肺癌', '免疫治疗', 'pd', '1']) expect(l.has(x), x).toBe(true);
    // Two-character words are the bigrams already; nothing crosses a run of Latin text.
    expect(documentLexemes('弥漫大B细胞淋巴瘤').has('弥漫大b细胞淋巴瘤')).toBe(true);
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
    expect(parseQuery("'; drop table users; --")).toEqual({
      lexemes: ['drop', 'table'],
      prefix: 'users',
      terms: ['drop', 'table', 'users'],
      pieces: [['drop'], ['table']],
    });
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
  it('completes the trailing Latin word with every word starting with it', async () => {
    const q = parseQuery('cutaneous lymph');
    expect(q).toMatchObject({ lexemes: ['cutaneous'], prefix: 'lymph' });
    expect(tsqueryOf(q)).toBe("'cutaneous' & 'lymph':*");
    for (const d of ['Cutaneous T-cell lymphoma', 'Lymphocytic leukaemia, cutaneous']) expect(await matches(d, 'cutaneous lymph'), d).toBe(true);
    expect(await matches('Lymphoma outcomes', 'cutaneous lymph')).toBe(false);
    expect(await matches('Zebra lymphoma', 'zebra')).toBe(true);
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

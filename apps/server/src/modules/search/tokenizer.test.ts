import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePrefix, documentVector, excerpt, forTitles, hanPieces, htmlToText, latinWords, parseQuery, runs, suggestKey, trailingPrefix } from './tokenizer.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(async () => {
  await db?.close();
});

/** Whether the document text matches the keyword, evaluated by PostgreSQL itself. */
async function matches(doc: string, keyword: string): Promise<boolean> {
  const q = parseQuery(keyword).tsquery;
  if (!q) return false;
  const r = await db.query<{ m: boolean }>('select $1::tsvector @@ $2::tsquery as m', [documentVector(doc), q]);
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
  ])('builds a valid tsquery from %s', async (k) => {
    const q = parseQuery(k).tsquery;
    if (q !== null) await expect(db.query('select $1::tsquery', [q])).resolves.toBeDefined();
  });

  it('keeps only letters and digits in lexemes', () => {
    expect(parseQuery("'; drop table users; --")).toEqual({ tsquery: "'drop' & 'table' & 'users':*", terms: ['drop', 'table', 'users'] });
    expect(parseQuery('!!! ::: ***').tsquery).toBeNull();
  });

  it('documents with quotes and backslashes make valid vectors', async () => {
    const v = documentVector("O'Brien \\ 'quoted' 引号“中文”");
    await expect(db.query('select $1::tsvector', [v])).resolves.toBeDefined();
    expect(await matches("O'Brien's notes", "o'brien")).toBe(true);
  });
});

describe('prefix completion', () => {
  it('finds the trailing prefix and replaces it with whole words', async () => {
    const q = parseQuery('cutaneous lymph').tsquery as string;
    expect(trailingPrefix(q)).toBe('lymph');
    const done = completePrefix(q, 'lymph', ['lymphoma', 'lymphocytic']);
    expect(done).toBe("'cutaneous' & ('lymph' | 'lymphoma' | 'lymphocytic')");
    const r = await db.query<{ m: boolean }>('select $1::tsvector @@ $2::tsquery as m', [documentVector('Cutaneous T-cell lymphoma'), done]);
    expect(r.rows[0]?.m).toBe(true);
    expect(completePrefix(q, 'lymph', [])).toBe("'cutaneous' & 'lymph'");
    expect(trailingPrefix(parseQuery('淋巴瘤').tsquery as string)).toBeNull();
    expect(trailingPrefix(parseQuery('癌').tsquery as string)).toBeNull();
    // Only a Latin word at the very end is still being typed.
    expect(parseQuery('B细胞淋巴瘤').tsquery).toBe("'b' & '细胞' & '淋巴' & '巴瘤'");
    const mixed = parseQuery('淋巴瘤 lymph').tsquery as string;
    expect(trailingPrefix(mixed)).toBe('lymph');
    expect(completePrefix(mixed, 'lymph', ['lymphoma'])).toBe("'淋巴' & '巴瘤' & ('lymph' | 'lymphoma')");
  });

  it('searches titles for a one-character Han keyword as the character itself', async () => {
    const q = parseQuery('癌').tsquery as string;
    expect(q).toBe("'癌':*");
    expect(forTitles(q)).toBe("'癌'");
    expect(forTitles("'淋巴' & 'lymph':*")).toBe("'淋巴' & 'lymph':*");
    const title = documentVector('晚期肺癌的治疗', { unigrams: true });
    const r = await db.query<{ m: boolean }>('select $1::tsvector @@ $2::tsquery as m', [title, forTitles(q)]);
    expect(r.rows[0]?.m).toBe(true);
  });

  it('lists the Latin words a text indexes', () => {
    expect(latinWords('CAR-T 细胞疗法 in Lymphoma, lymphoma').sort()).toEqual(['car', 'in', 'lymphoma', 't']);
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

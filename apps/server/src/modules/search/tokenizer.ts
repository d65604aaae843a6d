import { createRequire } from 'node:module';
import type * as JiebaModule from '@node-rs/jieba';
import type * as JiebaDict from '@node-rs/jieba/dict.js';
import { MEDICAL_DICT } from './medical-dict.ts';

/**
 * The search tokenizer: one segmentation for documents and queries (decision record 0073).
 *
 * Text is NFKC-normalised and lowercased, then split into runs of Han characters and runs of other
 * letters/digits; everything else (punctuation, operators, quotes) only separates runs.
 *
 * - Documents index every Han character, every overlapping Han bigram, every Latin word, and the
 *   words jieba finds in search mode (with a medical user dictionary: 非小细胞肺癌 and its
 *   sub-words 细胞, 肺癌). A Chinese term is found whatever the segmenter made of it: 淋巴瘤
 *   inside 弥漫大B细胞淋巴瘤 still holds the bigrams 淋巴 and 巴瘤; a one-character keyword (癌)
 *   matches the character.
 * - Queries cut a Han run with jieba (same dictionaries), glue one-character words to a neighbour
 *   (淋巴|瘤 → 淋巴瘤) and require every bigram of every piece (a piece of one character: the
 *   character); Latin words are required too, a last one at the very end as a prefix (lymph →
 *   lymphoma). Matching is an AND of lexemes, without positions, in PostgreSQL (`@@`).
 */

const HAN = /\p{Script=Han}/u;
/** Words of any script; split again into Han and non-Han parts. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const HAN_SPLIT = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;

/** Longest Latin lexeme kept (PostgreSQL allows 2 KB; longer words are noise). */
const MAX_WORD = 60;
/** Query pieces beyond this are ignored (keywords are ≤ 50 characters anyway). */
const MAX_QUERY_PIECES = 16;

/** Shortest segmenter word kept besides the bigrams (two-character words are bigrams already). */
const MIN_WORD = 3;

let segmenter: JiebaModule.Jieba | null = null;
/**
 * jieba with its general and the medical dictionary, loaded on first use (about 0.3 s). Its native
 * module and dictionary files too: importing them read 11 MB of dictionary files at every start.
 */
function jieba(): JiebaModule.Jieba {
  if (!segmenter) {
    const require = createRequire(import.meta.url);
    const { Jieba: Segmenter } = require('@node-rs/jieba') as typeof JiebaModule;
    const { dict } = require('@node-rs/jieba/dict.js') as typeof JiebaDict;
    segmenter = Segmenter.withDict(dict);
    segmenter.loadDict(Buffer.from(MEDICAL_DICT));
  }
  return segmenter;
}

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface Run {
  text: string;
  han: boolean;
}

/** Splits normalised text into Han and non-Han word runs. */
export function runs(text: string): Run[] {
  const out: Run[] = [];
  for (const m of normalize(text).matchAll(WORD)) {
    const word = m[0];
    if (!HAN.test(word)) {
      out.push({ text: word, han: false });
      continue;
    }
    for (const part of word.matchAll(HAN_SPLIT)) out.push({ text: part[0], han: HAN.test(part[0]) });
  }
  return out;
}

const NEEDS_ESCAPE = /['\\]/;

function quote(lexeme: string): string {
  // Lexemes are letters and digits, so this is a plain wrap; escaping stays as a safety net.
  return NEEDS_ESCAPE.test(lexeme) ? `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'` : `'${lexeme}'`;
}

/** A field's distinct lexemes: Latin words, Han characters, Han bigrams and longer segmenter words. */
export function documentLexemes(text: string): Set<string> {
  const lexemes = new Set<string>();
  const normalised = normalize(text);
  // Words across scripts too (弥漫大b细胞淋巴瘤 is one dictionary word).
  for (const m of normalised.matchAll(WORD)) {
    if (!HAN.test(m[0]) || [...m[0]].length < MIN_WORD) continue;
    for (const w of jieba().cutForSearch(m[0], false)) {
      const len = [...w].length;
      if (len >= MIN_WORD && len <= MAX_WORD && HAN.test(w)) lexemes.add(w);
    }
  }
  for (const run of runs(normalised)) {
    if (!run.han) {
      lexemes.add(run.text.length > MAX_WORD ? run.text.slice(0, MAX_WORD) : run.text);
      continue;
    }
    const chars = [...run.text];
    for (const c of chars) lexemes.add(c);
    for (let i = 0; i + 1 < chars.length; i++) lexemes.add(`${chars[i]}${chars[i + 1]}`);
  }
  return lexemes;
}

/**
 * The lexeme every vector of a module's documents holds, so a tab's search is narrowed inside the
 * GIN index rather than row by row. Text never yields it: words are letters, digits and marks.
 */
export const moduleFacet = (module: string): string => `_${module}`;

/** tsvector text for a document field: its distinct lexemes, without positions (and its module's facet). */
export function documentVector(text: string, module?: string): string {
  let out = '';
  for (const l of documentLexemes(text)) out += out ? ` ${quote(l)}` : quote(l);
  if (module !== undefined) out += out ? ` ${quote(moduleFacet(module))}` : quote(moduleFacet(module));
  return out;
}

/**
 * The Latin lexemes of tsvector texts: what a trailing prefix can complete to (search_words).
 * `known` are left out and the rest added to it (a rebuild sends each word once).
 */
export function latinWords(vectors: readonly string[], known: Set<string> = new Set()): string[] {
  const out: string[] = [];
  for (const v of vectors) {
    for (const l of vectorLexemes(v)) {
      if (known.has(l) || HAN.test(l) || l.startsWith('_')) continue;
      known.add(l);
      out.push(l);
    }
  }
  return out;
}

const VECTOR_LEXEME = /'((?:[^']|'')*)'/gu;

/** The lexemes of tsvector text as PostgreSQL prints it (`'a' 'b'`; quotes doubled, backslashes escaped). */
export function vectorLexemes(vector: string): string[] {
  if (vector.length < 2) return [];
  // The usual vector: letters and digits only, so the quotes are plain separators.
  if (!vector.includes("''") && !vector.includes('\\')) return vector.slice(1, -1).split("' '");
  const out: string[] = [];
  for (const m of vector.matchAll(VECTOR_LEXEME)) out.push((m[1] as string).replace(/''/g, "'").replace(/\\(.)/gu, '$1'));
  return out;
}

/** A Han query run cut into pieces of at least two characters where possible. */
export function hanPieces(run: string): string[] {
  const words = jieba().cut(run, false);
  const pieces: string[] = [];
  // Whether the last piece may still take a one-character word (each piece takes at most one).
  let open = false;
  for (const w of words) {
    const single = [...w].length === 1;
    const last = pieces.length - 1;
    if (last >= 0 && open && (single || [...(pieces[last] as string)].length === 1)) {
      pieces[last] += w;
      open = false;
    } else {
      pieces.push(w);
      open = true;
    }
  }
  // A one-character word left over (帕金|森|病 → 帕金森, 病) joins the piece before it: alone it
  // would be a prefix query, and a word is rarely split there.
  for (let i = pieces.length - 1; i > 0; i--) {
    if ([...(pieces[i] as string)].length === 1) pieces.splice(i - 1, 2, `${pieces[i - 1]}${pieces[i]}`);
  }
  if (pieces.length > 1 && [...(pieces[0] as string)].length === 1) pieces.splice(0, 2, `${pieces[0]}${pieces[1]}`);
  return pieces;
}

/** A Han piece as lexemes: its bigrams, or a one-character piece itself. */
function bigramsOf(piece: string): string[] {
  const chars = [...piece];
  if (chars.length === 1) return [piece];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(`${chars[i]}${chars[i + 1]}`);
  return [...grams];
}

export interface ParsedQuery {
  /** Lexemes a match holds, every one of them. */
  lexemes: string[];
  /** The keyword's last word when it is Latin and still being typed: a match holds a word starting with it. */
  prefix: string | null;
  /** The keyword as searched, for highlighting: Han pieces and Latin words, normalised. */
  terms: string[];
  /** `lexemes` by the piece or word they come from (a piece's bigrams go together: for estimates). */
  pieces: string[][];
  /**
   * Parts of the keyword that have a translation (`withTranslations`): each group is matched by
   * any one of its alternatives, an alternative by all of its lexemes.
   */
  either?: string[][][];
}

/** A term's lexemes as a query asks for them, the last word complete (glossary entries). */
export function termLexemes(text: string): string[] {
  const q = parseQuery(text);
  return q.prefix === null ? q.lexemes : [...q.lexemes, q.prefix];
}

/** One glossary entry: the same term in Chinese and in English. */
export interface Translation {
  zh: string;
  en: string;
}

/**
 * The query with every glossary term it holds (in either language) widened to "this term or its
 * translation": 淋巴瘤 also finds lymphoma and lymphoma 淋巴瘤, so an item is found by a word of
 * either language whichever languages its text has. Longer terms are taken first; a term's
 * lexemes are taken once. A trailing word matched by a term counts as complete.
 */
export function withTranslations(q: ParsedQuery, glossary: readonly Translation[]): ParsedQuery {
  const have = new Set(q.prefix === null ? q.lexemes : [...q.lexemes, q.prefix]);
  const taken = new Set<string>();
  const either: string[][][] = [];
  const sides = glossary.flatMap((t) => {
    const zh = termLexemes(t.zh);
    const en = termLexemes(t.en);
    return zh.length && en.length ? [{ own: zh, other: en }, { own: en, other: zh }] : [];
  });
  sides.sort((a, b) => b.own.length - a.own.length);
  for (const { own, other } of sides) {
    if (!own.every((l) => have.has(l) && !taken.has(l))) continue;
    for (const l of own) taken.add(l);
    either.push([own, other]);
  }
  if (either.length === 0) return q;
  return {
    lexemes: q.lexemes.filter((l) => !taken.has(l)),
    prefix: q.prefix !== null && taken.has(q.prefix) ? null : q.prefix,
    terms: q.terms,
    pieces: q.pieces.map((p) => p.filter((l) => !taken.has(l))).filter((p) => p.length > 0),
    either,
  };
}

/** The lexemes a keyword asks for, from the same runs documents are indexed with. */
export function parseQuery(keyword: string): ParsedQuery {
  const pieces: Array<{ text: string; han: boolean }> = [];
  for (const run of runs(keyword)) {
    if (run.han) for (const piece of hanPieces(run.text)) pieces.push({ text: piece, han: true });
    else pieces.push({ text: run.text.slice(0, MAX_WORD), han: false });
  }
  const used = pieces.slice(0, MAX_QUERY_PIECES);
  const last = used.at(-1);
  const prefix = last && !last.han ? last.text : null;
  const lexemes = new Set<string>();
  const groups: string[][] = [];
  for (const p of prefix ? used.slice(0, -1) : used) {
    const own = p.han ? bigramsOf(p.text) : [p.text];
    groups.push(own);
    for (const l of own) lexemes.add(l);
  }
  return { lexemes: [...lexemes], prefix, terms: [...new Set(used.map((p) => p.text))], pieces: groups };
}

/** Whether a query asks for anything (a keyword of punctuation only does not). */
export const isEmptyQuery = (q: ParsedQuery): boolean => q.lexemes.length === 0 && q.prefix === null && !q.either?.length;

export const isHan = (lexeme: string): boolean => HAN.test(lexeme);

/** Lowercased, NFKC, single-spaced text for prefix suggestions. */
export function suggestKey(text: string): string {
  return normalize(text).replace(/\s+/gu, ' ').trim();
}

/**
 * A plain-text excerpt of `text` around the first occurrence of any term (or its start), at most
 * `width` characters, with an ellipsis where it was cut.
 */
export function excerpt(text: string, terms: readonly string[], width = 120): string {
  const plain = text.replace(/\s+/gu, ' ').trim();
  const chars = [...plain];
  if (chars.length <= width) return plain;
  // NFKC + lowercase keeps the length of CJK and ASCII text, so offsets line up for the usual case.
  const hay = normalize(plain);
  let first = -1;
  for (const t of terms) {
    const i = hay.indexOf(t);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const firstChar = first < 0 ? 0 : [...plain.slice(0, first)].length;
  const start = Math.max(0, Math.min(firstChar - Math.floor(width / 4), chars.length - width));
  const end = Math.min(chars.length, start + width);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
}

/** Visible text of editor HTML: tags and entities out, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/giu, ' ')
    .replace(/<[^>]*>/gu, ' ')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'")
    .replace(/&amp;/gu, '&')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The search tokenizer: one segmentation for documents and queries (ARCHITECTURE §3).
 *
 * Text is NFKC-normalised and lowercased, then split into runs of Han characters and runs of other
 * letters/digits; everything else (punctuation, tsquery operators, quotes) only separates runs.
 *
 * - Documents index every overlapping Han bigram (titles also every Han character) and every
 *   Latin word. A Chinese term is found whatever a word segmenter would have made of it:
 *   Intl.Segmenter splits 淋巴瘤 into 淋巴/瘤, but 淋巴瘤 inside 弥漫大B细胞淋巴瘤 still holds the
 *   bigrams 淋巴 and 巴瘤.
 * - Queries split a long Han run with Intl.Segmenter into words, glue one-character words to a
 *   neighbour (淋巴|瘤 → 淋巴瘤, 靶|向 → 靶向) and require every bigram of every piece; Latin words
 *   are required too, a last one at the very end as a prefix (lymph → lymphoma). Vectors carry no positions, so
 *   a GIN index answers the whole query without reading rows back (no phrase recheck).
 *
 * The output is lexemes, never SQL: callers pass the vector/query text as bind parameters and cast
 * them (`$1::tsvector`, `$1::tsquery`). Lexemes hold only letters and digits; they are quoted anyway.
 */

const HAN = /\p{Script=Han}/u;
/** Words of any script; split again into Han and non-Han parts. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const HAN_SPLIT = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;

/** Longest Latin lexeme kept (PostgreSQL allows 2 KB; longer words are noise). */
const MAX_WORD = 60;
/** Query pieces beyond this are ignored (keywords are ≤ 50 characters anyway). */
const MAX_QUERY_PIECES = 16;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

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

/**
 * tsvector text for a document field: its distinct lexemes, without positions (matching is an AND
 * of lexemes, which a GIN index answers without reading the rows back). Han text gives its
 * bigrams, and with `unigrams` its single characters too (titles: one-character keywords).
 */
export function documentVector(text: string, opts: { unigrams?: boolean } = {}): string {
  const lexemes = new Set<string>();
  for (const run of runs(text)) {
    if (!run.han) {
      lexemes.add(run.text.length > MAX_WORD ? run.text.slice(0, MAX_WORD) : run.text);
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1 || opts.unigrams) for (const c of chars) lexemes.add(c);
    for (let i = 0; i + 1 < chars.length; i++) lexemes.add(`${chars[i]}${chars[i + 1]}`);
  }
  let out = '';
  for (const l of lexemes) out += out ? ` ${quote(l)}` : quote(l);
  return out;
}

/** A Han query run cut into pieces of at least two characters where possible. */
export function hanPieces(run: string): string[] {
  const words = [...segmenter.segment(run)].map((s) => s.segment);
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

/** A Han piece as lexemes: its bigrams, all required; one character matches as a prefix. */
function bigramsOf(piece: string): string {
  const chars = [...piece];
  if (chars.length === 1) return `${quote(piece)}:*`;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(quote(`${chars[i]}${chars[i + 1]}`));
  return [...grams].join(' & ');
}

export interface ParsedQuery {
  /** tsquery text, or null when the keyword holds no searchable characters. */
  tsquery: string | null;
  /** The keyword as searched, for highlighting: Han pieces and Latin words, normalised. */
  terms: string[];
}

/** Builds the tsquery for a keyword from the same runs documents are indexed with. */
export function parseQuery(keyword: string): ParsedQuery {
  const pieces: Array<{ text: string; han: boolean }> = [];
  for (const run of runs(keyword)) {
    if (run.han) for (const piece of hanPieces(run.text)) pieces.push({ text: piece, han: true });
    else pieces.push({ text: run.text.slice(0, MAX_WORD), han: false });
  }
  const used = pieces.slice(0, MAX_QUERY_PIECES);
  // The last word is still being typed when it is Latin: it matches as a prefix.
  const last = used.length - 1;
  const parts = used.map((p, i) => (p.han ? bigramsOf(p.text) : i === last ? `${quote(p.text)}:*` : quote(p.text)));
  return { tsquery: parts.length > 0 ? parts.join(' & ') : null, terms: [...new Set(used.map((p) => p.text))] };
}

/** The distinct Latin-script words of a text, as documents index them (for search_words). */
export function latinWords(text: string): string[] {
  const out = new Set<string>();
  for (const run of runs(text)) if (!run.han) out.add(run.text.length > MAX_WORD ? run.text.slice(0, MAX_WORD) : run.text);
  return [...out];
}

const PREFIX_LEXEME = /'((?:[^'\\]|'')+)':\*/gu;

/** The keyword's last word when it is Latin, which the tsquery matches as a prefix (`'lymph':*` → lymph). */
export function trailingPrefix(tsquery: string): string | null {
  for (const m of tsquery.matchAll(PREFIX_LEXEME)) {
    const word = (m[1] as string).replace(/''/g, "'");
    if (!HAN.test(word)) return word;
  }
  return null;
}

/**
 * The tsquery with that prefix replaced by whole words: the word itself or any of `completions`
 * (words of the word list that start with it).
 */
export function completePrefix(tsquery: string, prefix: string, completions: readonly string[]): string {
  const words = [...new Set([prefix, ...completions])].map(quote);
  const alternatives = words.length === 1 ? (words[0] as string) : `(${words.join(' | ')})`;
  const target = `${quote(prefix)}:*`;
  const at = tsquery.indexOf(target);
  return at < 0 ? tsquery : `${tsquery.slice(0, at)}${alternatives}${tsquery.slice(at + target.length)}`;
}

const HAN_PREFIX = /'(\p{Script=Han})':\*/gu;

/**
 * The tsquery for titles: titles index every Han character, so a one-character keyword is the
 * character itself there rather than a prefix (GIN collects every posting of every bigram a
 * prefix covers before it can skip anything).
 */
export const forTitles = (tsquery: string): string => tsquery.replace(HAN_PREFIX, "'$1'");

/** Days of boost per bucket: four weeks of dates (a tenfold popularity step is about one). */
export const BUCKET_DAYS = 28;

export const bucketOf = (boost: number): number => Math.floor(boost / BUCKET_DAYS);

/*
 * Lexemes every document carries besides its words: its bucket and its module. They start with
 * `~`, which no keyword can produce (punctuation only separates runs), so they never match a word.
 */
export const bucketToken = (bucket: number): string => quote(`~b${bucket}`);
export const moduleToken = (module: string): string => quote(`~m${module}`);

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

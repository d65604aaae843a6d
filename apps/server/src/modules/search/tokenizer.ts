/**
 * The search tokenizer: one segmentation for documents and queries (ARCHITECTURE §3).
 *
 * Text is NFKC-normalised and lowercased, then split into runs of Han characters and runs of other
 * letters/digits; everything else (punctuation, tsquery operators, quotes) only separates runs.
 *
 * - Documents index every Han character and every overlapping Han bigram at the character's
 *   position, and every Latin word at its own position. Any contiguous Chinese substring can then
 *   be found as a phrase of bigrams, whatever a word segmenter would have made of it (Intl.Segmenter
 *   splits 淋巴瘤 into 淋巴/瘤; bigrams find it inside 弥漫大B细胞淋巴瘤 all the same).
 * - Queries split a long Han run with Intl.Segmenter into words, glue one-character words to a
 *   neighbour (淋巴|瘤 → 淋巴瘤, 靶|向 → 靶向), and ask for each piece as a bigram phrase; pieces and
 *   Latin words are ANDed, the last Latin word matches as a prefix (lymph → lymphoma).
 *
 * The output is lexemes, never SQL: callers pass the vector/query text as bind parameters and cast
 * them (`$1::tsvector`, `$1::tsquery`). Lexemes hold only letters and digits; they are quoted anyway.
 */

const HAN = /\p{Script=Han}/u;
/** Han runs, or runs of letters/digits/combining marks of any other script. */
const RUN = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+/gu;

/** Longest Latin lexeme kept (PostgreSQL allows 2 KB; longer words are noise). */
const MAX_WORD = 60;
/** tsvector positions stop at 16383; later text is still indexed, at that position. */
const MAX_POS = 16383;
/** Query pieces beyond this are ignored (keywords are ≤ 50 characters anyway). */
const MAX_QUERY_PIECES = 16;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface Run {
  text: string;
  han: boolean;
  /** Character offset in the normalised text. */
  start: number;
  /** Chunk index: runs of one kind not separated by whitespace share it (car-t is one chunk). */
  chunk: number;
}

/** Splits normalised text into Han and non-Han word runs. */
export function runs(text: string): Run[] {
  const norm = normalize(text);
  const out: Run[] = [];
  let chunk = 0;
  let lastEnd = 0;
  for (const m of norm.matchAll(RUN)) {
    const start = m.index;
    const han = HAN.test(m[0]);
    const prev = out[out.length - 1];
    if (prev && (prev.han !== han || /\s/u.test(norm.slice(lastEnd, start)))) chunk += 1;
    out.push({ text: m[0], han, start, chunk });
    lastEnd = start + m[0].length;
  }
  return out;
}

function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * tsvector text for a document field: `'lexeme':pos ...`. Positions count characters for Han text
 * (so a bigram phrase is consecutive positions) and one per Latin word.
 */
export function documentVector(text: string): string {
  const positions = new Map<string, number[]>();
  const add = (lexeme: string, pos: number) => {
    const p = Math.min(Math.max(pos, 1), MAX_POS);
    const list = positions.get(lexeme);
    if (!list) positions.set(lexeme, [p]);
    else if (list[list.length - 1] !== p && list.length < 256) list.push(p);
  };
  let pos = 1;
  for (const run of runs(text)) {
    if (run.han) {
      const chars = [...run.text];
      for (let i = 0; i < chars.length; i++) {
        add(chars[i] as string, pos + i);
        if (i + 1 < chars.length) add(`${chars[i]}${chars[i + 1]}`, pos + i);
      }
      // A gap after each run so phrases never span two runs.
      pos += chars.length + 1;
    } else {
      add(run.text.slice(0, MAX_WORD), pos);
      pos += 1;
    }
  }
  return [...positions].map(([lexeme, ps]) => `${quote(lexeme)}:${ps.join(',')}`).join(' ');
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
  return pieces;
}

function bigramPhrase(piece: string): string {
  const chars = [...piece];
  if (chars.length === 1) return quote(piece);
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(quote(`${chars[i]}${chars[i + 1]}`));
  return grams.length === 1 ? (grams[0] as string) : `(${grams.join(' <-> ')})`;
}

export interface ParsedQuery {
  /** tsquery text, or null when the keyword holds no searchable characters. */
  tsquery: string | null;
  /** The keyword as searched, for highlighting: Han pieces and Latin words, normalised. */
  terms: string[];
}

/** Builds the tsquery for a keyword from the same runs documents are indexed with. */
export function parseQuery(keyword: string): ParsedQuery {
  const parts: string[] = [];
  const terms: string[] = [];
  const all = runs(keyword);
  // Latin words of one chunk (car-t, covid-19) form a phrase; chunks are ANDed.
  const latinChunks = new Map<number, string[]>();
  const order: Array<{ kind: 'han'; piece: string } | { kind: 'latin'; chunk: number }> = [];
  const lastLatin = [...all].reverse().find((r) => !r.han);
  for (const run of all) {
    if (run.han) {
      for (const piece of hanPieces(run.text)) order.push({ kind: 'han', piece });
    } else {
      const word = run.text.slice(0, MAX_WORD);
      const list = latinChunks.get(run.chunk);
      if (list) list.push(word);
      else {
        latinChunks.set(run.chunk, [word]);
        order.push({ kind: 'latin', chunk: run.chunk });
      }
    }
  }
  for (const item of order.slice(0, MAX_QUERY_PIECES)) {
    if (item.kind === 'han') {
      parts.push(bigramPhrase(item.piece));
      terms.push(item.piece);
      continue;
    }
    const words = latinChunks.get(item.chunk) ?? [];
    const lexemes = words.map((w, i) => {
      const isLast = lastLatin !== undefined && item.chunk === lastLatin.chunk && i === words.length - 1;
      return isLast ? `${quote(w)}:*` : quote(w);
    });
    parts.push(lexemes.length === 1 ? (lexemes[0] as string) : `(${lexemes.join(' <-> ')})`);
    terms.push(...words);
  }
  return { tsquery: parts.length > 0 ? parts.join(' & ') : null, terms: [...new Set(terms)] };
}

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

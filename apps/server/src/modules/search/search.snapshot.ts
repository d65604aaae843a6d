import { SEARCH_MODULES, type SearchModule } from '@medportal/contract';
import { isHan, type ParsedQuery, suggestKey } from './tokenizer.ts';

/**
 * The search index as one process holds it (decision record 0015): posting lists of document
 * slots per lexeme, for titles and bodies, plus what ranking and suggestions read (module, boost,
 * titles). search.memory.ts fills it from search_documents and keeps it current.
 *
 * Slots are numbered in result order (boost desc, id desc) when the snapshot is built, so a
 * posting list is already ranked and a page is its first matches. Documents added later get new
 * slots at the end (the "tail", ranked at query time); a changed or removed document's old slot
 * is marked dead. When the tail grows, the owner builds a fresh snapshot.
 */

/** A document as the snapshot takes it. */
export interface SnapshotDocument {
  /** search_documents.id: the tie-break of the result order and the key results are read back by. */
  id: number;
  module: SearchModule;
  itemId: number;
  titleZh: string;
  titleEn: string | null;
  boost: number;
  /** When the row was written (ms): a change replayed twice finds the same version and is skipped. */
  version?: number;
  titleLexemes: Iterable<string>;
  bodyLexemes: Iterable<string>;
}

/** A growable sorted list of slots. */
export class Postings {
  /** Common lexemes: the list's ranked slots as a bitset too, for word-at-a-time intersections. */
  bits: Uint32Array | null = null;

  constructor(
    public data: Int32Array,
    public size: number,
  ) {}

  push(slot: number): void {
    if (this.size === this.data.length) {
      const grown = new Int32Array(Math.max(4, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = slot;
  }
}

/** A keyword resolved against a snapshot (SearchSnapshot.query); null: the field has no match. */
export interface SnapshotQuery {
  title: Postings[] | null;
  body: Postings[] | null;
}

interface Suggestion {
  key: string;
  term: string;
  slot: number;
}

/** Lists holding at least this share of the ranked slots also get a bitset (no larger than the list). */
const DENSE_SHARE = 1 / 32;
const DENSE_MIN = 512;

const bitOf = (bits: Uint32Array, slot: number): boolean => ((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

const MODULE_CODE = new Map<SearchModule, number>(SEARCH_MODULES.map((m, i) => [m, i]));
const EMPTY = new Int32Array(0);
/** Completions of a trailing Latin prefix searched, the most frequent first. */
const COMPLETIONS = 8;

/** Index of the first entry whose key is not below `key` (entries sorted by key). */
function lowerBound<T>(list: readonly T[], key: string, keyOf: (t: T) => string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(list[mid] as T) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index at or after `from` in sorted `list[0..size)` holding a value ≥ `target` (galloping). */
function gallop(list: Int32Array, size: number, from: number, target: number): number {
  let step = 1;
  let hi = from;
  while (hi < size && (list[hi] as number) < target) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, size);
  while (from < hi) {
    const mid = (from + hi) >> 1;
    if ((list[mid] as number) < target) from = mid + 1;
    else hi = mid;
  }
  return from;
}

type Field = 'title' | 'body';

export class SearchSnapshot {
  private ids = new Int32Array(1024);
  private modules = new Uint8Array(1024);
  private boosts = new Float64Array(1024);
  private versions = new Float64Array(1024);
  private alive = new Uint8Array(1024);
  private titlesZh: string[] = [];
  private titlesEn: Array<string | null> = [];
  /** Slots below this are in result order; the tail after it is not. */
  private ranked = 0;
  private size = 0;
  private dead = 0;
  private readonly lexicon = new Map<string, number>();
  private readonly titlePostings: Postings[] = [];
  private readonly bodyPostings: Postings[] = [];
  /** Latin words of the lexicon in code-unit order, for prefix completion. */
  private words: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly suggestions: Record<'zh' | 'en', Suggestion[]> = { zh: [], en: [] };
  private aliveBits = new Uint32Array(0);
  private moduleBits: Uint32Array[] = [];
  /** Scratch marks for unions, one byte per slot. */
  private marks = new Uint8Array(0);

  /** A snapshot of `documents`, which must come in result order (boost desc, id desc). */
  static build(documents: Iterable<SnapshotDocument>): SearchSnapshot {
    const b = new SnapshotBuilder();
    let rank = 0;
    for (const d of documents) b.add(rank++, d);
    return b.build();
  }

  /** Builder use: term ids of lexemes, new lexemes added. */
  intern(lexemes: Iterable<string>): Int32Array {
    const out: number[] = [];
    for (const l of lexemes) out.push(this.termId(l));
    return Int32Array.from(out);
  }

  /** Builder use: documents added (with `addSlot`) in result order, with their term ids. */
  fill(title: readonly Int32Array[], body: readonly Int32Array[]): void {
    const titleCounts = new Int32Array(this.lexicon.size);
    const bodyCounts = new Int32Array(this.lexicon.size);
    for (const ids of title) for (const t of ids) titleCounts[t] = (titleCounts[t] as number) + 1;
    for (const ids of body) for (const t of ids) bodyCounts[t] = (bodyCounts[t] as number) + 1;
    for (let t = 0; t < this.lexicon.size; t++) {
      (this.titlePostings[t] as Postings).data = new Int32Array(titleCounts[t] as number);
      (this.bodyPostings[t] as Postings).data = new Int32Array(bodyCounts[t] as number);
    }
    for (let slot = 0; slot < this.size; slot++) {
      for (const t of title[slot] as Int32Array) (this.titlePostings[t] as Postings).push(slot);
      for (const t of body[slot] as Int32Array) (this.bodyPostings[t] as Postings).push(slot);
    }
    this.ranked = this.size;
    this.buildBitsets();
    this.words.sort();
    for (const lang of ['zh', 'en'] as const) this.suggestions[lang].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.slot - b.slot));
  }

  /** Documents searchable now. */
  get documents(): number {
    return this.size - this.dead;
  }

  /** Slots added since the snapshot was built, and slots of documents since changed or removed. */
  get drift(): number {
    return this.size - this.ranked + this.dead;
  }

  /** Lexemes, posting entries and an estimate of the memory they take. */
  stats(): { documents: number; lexemes: number; postings: number; bytes: number } {
    let postings = 0;
    let bytes = this.size * 17;
    for (let t = 0; t < this.lexicon.size; t++) {
      const a = this.titlePostings[t] as Postings;
      const b = this.bodyPostings[t] as Postings;
      postings += a.size + b.size;
      bytes += a.data.byteLength + b.data.byteLength + (a.bits?.byteLength ?? 0) + (b.bits?.byteLength ?? 0) + 64;
    }
    for (const [l] of this.lexicon) bytes += 2 * l.length + 48;
    for (let i = 0; i < this.size; i++) bytes += 2 * ((this.titlesZh[i] as string).length + (this.titlesEn[i]?.length ?? 0));
    bytes += (this.suggestions.zh.length + this.suggestions.en.length) * 48;
    return { documents: this.documents, lexemes: this.lexicon.size, postings, bytes };
  }

  private termId(lexeme: string): number {
    let t = this.lexicon.get(lexeme);
    if (t === undefined) {
      t = this.lexicon.size;
      this.lexicon.set(lexeme, t);
      this.titlePostings.push(new Postings(EMPTY, 0));
      this.bodyPostings.push(new Postings(EMPTY, 0));
      if (!isHan(lexeme)) this.words.push(lexeme);
    }
    return t;
  }

  /** Builder use; `put` adds a document after the build. */
  addSlot(d: SnapshotDocument): number {
    if (this.size === this.ids.length) {
      const n = this.ids.length * 2;
      const grow = <A extends Int32Array | Uint8Array | Float64Array>(a: A, make: (n: number) => A): A => {
        const b = make(n);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids, (k) => new Int32Array(k));
      this.modules = grow(this.modules, (k) => new Uint8Array(k));
      this.boosts = grow(this.boosts, (k) => new Float64Array(k));
      this.versions = grow(this.versions, (k) => new Float64Array(k));
      this.alive = grow(this.alive, (k) => new Uint8Array(k));
    }
    const slot = this.size++;
    this.ids[slot] = d.id;
    this.modules[slot] = MODULE_CODE.get(d.module) ?? 255;
    this.boosts[slot] = d.boost;
    this.versions[slot] = d.version ?? 0;
    this.alive[slot] = 1;
    this.titlesZh[slot] = d.titleZh;
    this.titlesEn[slot] = d.titleEn;
    const key = `${d.module}:${d.itemId}`;
    const old = this.slotOf.get(key);
    if (old !== undefined) this.kill(old);
    this.slotOf.set(key, slot);
    const zh = d.titleZh;
    const en = d.titleEn || d.titleZh;
    for (const [lang, term] of [['zh', zh], ['en', en]] as const) {
      const k = suggestKey(term);
      if (k) this.suggestions[lang].push({ key: k, term, slot });
    }
    return slot;
  }

  private kill(slot: number): void {
    if (this.alive[slot] === 1) {
      this.alive[slot] = 0;
      this.dead += 1;
      if (slot < this.ranked) this.aliveBits[slot >>> 5] = (this.aliveBits[slot >>> 5] as number) & ~(1 << (slot & 31));
    }
  }

  /** Bitsets over the ranked slots: live ones, each module's, and each common lexeme's. */
  private buildBitsets(): void {
    const words = (this.ranked + 31) >>> 5;
    const set = (bits: Uint32Array, slot: number) => {
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    };
    this.aliveBits = new Uint32Array(words);
    this.moduleBits = SEARCH_MODULES.map(() => new Uint32Array(words));
    for (let slot = 0; slot < this.ranked; slot++) {
      if (this.alive[slot] !== 1) continue;
      set(this.aliveBits, slot);
      const m = this.moduleBits[this.modules[slot] as number];
      if (m) set(m, slot);
    }
    const dense = Math.max(DENSE_MIN, this.ranked * DENSE_SHARE);
    for (const p of [...this.titlePostings, ...this.bodyPostings]) {
      if (p.size < dense) continue;
      p.bits = new Uint32Array(words);
      for (let i = 0; i < p.size && (p.data[i] as number) < this.ranked; i++) set(p.bits, p.data[i] as number);
    }
  }

  /** Adds or replaces a document after the snapshot was built; it goes to the tail. */
  put(d: SnapshotDocument): void {
    const current = this.slotOf.get(`${d.module}:${d.itemId}`);
    if (current !== undefined && d.version !== undefined && this.versions[current] === d.version) return;
    const newSuggestions = { zh: this.suggestions.zh.length, en: this.suggestions.en.length };
    const slot = this.addSlot(d);
    const wordsBefore = this.words.length;
    for (const l of d.titleLexemes) (this.titlePostings[this.termId(l)] as Postings).push(slot);
    for (const l of d.bodyLexemes) (this.bodyPostings[this.termId(l)] as Postings).push(slot);
    // New entries were appended; move each to its place in key order.
    for (const w of this.words.splice(wordsBefore)) this.words.splice(lowerBound(this.words, w, (x) => x), 0, w);
    for (const lang of ['zh', 'en'] as const) {
      const list = this.suggestions[lang];
      for (const e of list.splice(newSuggestions[lang])) list.splice(lowerBound(list, e.key, (x) => x.key), 0, e);
    }
  }

  /** Removes a document (unpublished or deleted). */
  remove(module: SearchModule, itemId: number): void {
    const key = `${module}:${itemId}`;
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.kill(slot);
    this.slotOf.delete(key);
  }

  /** The lexemes a trailing prefix stands for: the word itself and its most frequent completions. */
  completions(prefix: string): string[] {
    const out: Array<[string, number]> = [];
    for (let i = lowerBound(this.words, prefix, (x) => x); i < this.words.length; i++) {
      const w = this.words[i] as string;
      if (!w.startsWith(prefix)) break;
      const t = this.lexicon.get(w) as number;
      out.push([w, (this.titlePostings[t] as Postings).size + (this.bodyPostings[t] as Postings).size]);
    }
    // The word as typed always counts; then the most frequent, shorter first on a tie.
    out.sort((a, b) => Number(b[0] === prefix) - Number(a[0] === prefix) || b[1] - a[1] || a[0].length - b[0].length);
    return out.slice(0, COMPLETIONS + 1).map(([w]) => w);
  }

  private list(field: Field, lexeme: string): Postings | null {
    const t = this.lexicon.get(lexeme);
    if (t === undefined) return null;
    const p = (field === 'title' ? this.titlePostings : this.bodyPostings)[t] as Postings;
    return p.size > 0 ? p : null;
  }

  /** One list holding every slot of any of `lists`, in order. */
  private union(lists: Postings[]): Postings {
    if (lists.length === 1) return lists[0] as Postings;
    if (this.marks.length < this.size) this.marks = new Uint8Array(this.ids.length);
    const marks = this.marks;
    let lo = this.size;
    let hi = -1;
    let n = 0;
    for (const p of lists) {
      for (let i = 0; i < p.size; i++) {
        const s = p.data[i] as number;
        if (marks[s] === 0) {
          marks[s] = 1;
          n += 1;
        }
      }
      if (p.size > 0) {
        lo = Math.min(lo, p.data[0] as number);
        hi = Math.max(hi, p.data[p.size - 1] as number);
      }
    }
    const out = new Int32Array(n);
    let k = 0;
    for (let s = lo; s <= hi; s++) {
      if (marks[s] === 1) {
        marks[s] = 0;
        out[k++] = s;
      }
    }
    return new Postings(out, n);
  }

  /** The lists a match of `field` is in, every one of them (shortest first), or null for none. */
  private clauses(q: ParsedQuery, field: Field, completions: readonly string[]): Postings[] | null {
    const lists: Postings[] = [];
    for (const l of q.lexemes) {
      const p = this.list(field, l);
      if (!p) return null;
      lists.push(p);
    }
    if (q.prefix !== null) {
      const alternatives = completions.flatMap((w) => this.list(field, w) ?? []);
      if (alternatives.length === 0) return null;
      lists.push(this.union(alternatives));
    }
    return lists.length === 0 ? null : lists.sort((a, b) => a.size - b.size);
  }

  /**
   * A keyword resolved against this snapshot: title matches hold every lexeme in the title, body
   * matches in the body (and, with a prefix, one of its completions).
   */
  query(q: ParsedQuery, completions: readonly string[] = []): SnapshotQuery {
    return { title: this.clauses(q, 'title', completions), body: this.clauses(q, 'body', completions) };
  }

  /** Whether `slot` is in every one of `lists` (`cursors`: where each gallop resumes; slots only grow). */
  private inAll(lists: readonly Postings[], slot: number, cursors: Int32Array, start: number): boolean | null {
    for (let j = start; j < lists.length; j++) {
      const p = lists[j] as Postings;
      if (p.bits && slot < this.ranked) {
        if (!bitOf(p.bits, slot)) return false;
        continue;
      }
      const at = gallop(p.data, p.size, cursors[j] as number, slot);
      cursors[j] = at;
      // Past the list's end: no later slot is in it either.
      if (at >= p.size) return null;
      if (p.data[at] !== slot) return false;
    }
    return true;
  }

  /**
   * Walks, in slot order, the live slots (of module `code`, -1 for any) in every one of `lists`
   * (shortest first) from slot `from` on, skipping slots in every one of `exclude`; `visit`
   * returns false to stop. Where every list has a bitset, the ranked slots are read 32 at a time.
   */
  private walk(lists: readonly Postings[], code: number, exclude: readonly Postings[] | null, from: number, visit: (slot: number) => boolean): void {
    const skip = exclude ? new Int32Array(exclude.length) : null;
    const excluded = (slot: number) => exclude !== null && this.inAll(exclude, slot, skip as Int32Array, 0) === true;
    if (from < this.ranked && lists.every((p) => p.bits)) {
      const module = code === -1 ? null : this.moduleBits[code];
      if (code !== -1 && !module) return;
      const last = (this.ranked - 1) >>> 5;
      for (let w = from >>> 5; w <= last; w++) {
        let x = this.aliveBits[w] as number;
        if (module) x &= module[w] as number;
        for (let j = 0; j < lists.length && x !== 0; j++) x &= ((lists[j] as Postings).bits as Uint32Array)[w] as number;
        if (w === from >>> 5) x &= ~0 << (from & 31);
        while (x !== 0) {
          const slot = (w << 5) | (31 - Math.clz32(x & -x));
          x &= x - 1;
          if (!excluded(slot) && !visit(slot)) return;
        }
      }
      from = this.ranked;
    }
    const first = lists[0] as Postings;
    const cursors = new Int32Array(lists.length);
    for (let i = gallop(first.data, first.size, 0, from); i < first.size; i++) {
      const slot = first.data[i] as number;
      if (this.alive[slot] !== 1 || (code !== -1 && this.modules[slot] !== code)) continue;
      const all = this.inAll(lists, slot, cursors, 1);
      if (all === null) return;
      if (all && !excluded(slot) && !visit(slot)) return;
    }
  }

  private code(module: SearchModule | null): number {
    return module === null ? -1 : (MODULE_CODE.get(module) ?? -2);
  }

  /** Live slots (of `module`) in every one of `lists`. */
  private countIn(lists: Postings[], module: SearchModule | null): number {
    const code = this.code(module);
    if (code === -2) return 0;
    if (lists.length === 1 && code === -1 && this.dead === 0) return (lists[0] as Postings).size;
    const sorted = [...lists].sort((a, b) => a.size - b.size);
    let n = 0;
    let from = 0;
    if (this.ranked > 0 && sorted.every((p) => p.bits)) {
      // The ranked slots by bitset population, 32 at a time.
      const module = code === -1 ? null : (this.moduleBits[code] as Uint32Array);
      const words = (this.ranked + 31) >>> 5;
      for (let w = 0; w < words; w++) {
        let x = this.aliveBits[w] as number;
        if (module) x &= module[w] as number;
        for (let j = 0; j < sorted.length && x !== 0; j++) x &= ((sorted[j] as Postings).bits as Uint32Array)[w] as number;
        if (x !== 0) n += popcount(x);
      }
      from = this.ranked;
    }
    this.walk(sorted, code, null, from, () => {
      n += 1;
      return true;
    });
    return n;
  }

  /** Matches of a tier: `title`, or `body` without the title matches. */
  count(q: SnapshotQuery, tier: Field, module: SearchModule | null): number {
    if (tier === 'title') return q.title ? this.countIn(q.title, module) : 0;
    if (!q.body) return 0;
    const both = q.title ? this.countIn([...q.body, ...q.title], module) : 0;
    return this.countIn(q.body, module) - both;
  }

  /**
   * The first `keep` matches of a tier in result order. Slots below `ranked` come in result order
   * already, so the walk stops after `keep` of them; the tail after them is ranked here.
   */
  top(q: SnapshotQuery, tier: Field, module: SearchModule | null, keep: number): number[] {
    const lists = tier === 'title' ? q.title : q.body;
    if (!lists || keep <= 0) return [];
    const exclude = tier === 'body' ? q.title : null;
    const code = this.code(module);
    const head: number[] = [];
    this.walk(lists, code, exclude, 0, (slot) => {
      if (slot >= this.ranked) return false;
      head.push(slot);
      return head.length < keep;
    });
    if (this.ranked === this.size) return head;
    const tail: number[] = [];
    this.walk(lists, code, exclude, this.ranked, (slot) => {
      tail.push(slot);
      return true;
    });
    if (tail.length === 0) return head;
    tail.sort((a, b) => this.before(a, b));
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (out.length < keep && (i < head.length || j < tail.length)) {
      if (j >= tail.length || (i < head.length && this.before(head[i] as number, tail[j] as number) <= 0)) out.push(head[i++] as number);
      else out.push(tail[j++] as number);
    }
    return out;
  }

  /** Result order between two slots: higher boost first, then the newer document. */
  private before(a: number, b: number): number {
    return (this.boosts[b] as number) - (this.boosts[a] as number) || (this.ids[b] as number) - (this.ids[a] as number);
  }

  /** The search_documents id of a slot. */
  documentId(slot: number): number {
    return this.ids[slot] as number;
  }

  title(slot: number, lang: 'zh' | 'en'): string {
    return lang === 'en' ? this.titlesEn[slot] || (this.titlesZh[slot] as string) : (this.titlesZh[slot] as string);
  }

  /**
   * Titles in `lang` whose suggestion key starts with `prefix`: the first `window` live ones in
   * key order, then the most boosted first.
   */
  titlesStartingWith(lang: 'zh' | 'en', prefix: string, window: number): string[] {
    const list = this.suggestions[lang];
    const found: Suggestion[] = [];
    for (let i = lowerBound(list, prefix, (x) => x.key); i < list.length && found.length < window; i++) {
      const e = list[i] as Suggestion;
      if (!e.key.startsWith(prefix)) break;
      if (this.alive[e.slot] === 1) found.push(e);
    }
    found.sort((a, b) => this.before(a.slot, b.slot));
    return found.map((e) => e.term);
  }
}

type Entry = { doc: Omit<SnapshotDocument, 'titleLexemes' | 'bodyLexemes'>; title: Int32Array; body: Int32Array };

/**
 * Builds a snapshot from documents arriving in any order, each with its place in the result
 * order. Lexemes become term ids as they arrive, so a large catalogue is never held as strings.
 */
export class SnapshotBuilder {
  private readonly snapshot = new SearchSnapshot();
  private readonly entries: Array<Entry | undefined> = [];

  add(rank: number, d: SnapshotDocument): void {
    const { titleLexemes, bodyLexemes, ...doc } = d;
    this.entries[rank] = { doc: { ...doc }, title: this.snapshot.intern(titleLexemes), body: this.snapshot.intern(bodyLexemes) };
  }

  build(): SearchSnapshot {
    const title: Int32Array[] = [];
    const body: Int32Array[] = [];
    for (const e of this.entries) {
      if (!e) continue;
      this.snapshot.addSlot({ ...e.doc, titleLexemes: [], bodyLexemes: [] });
      title.push(e.title);
      body.push(e.body);
    }
    this.entries.length = 0;
    this.snapshot.fill(title, body);
    return this.snapshot;
  }
}

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

/**
 * One field's posting lists: those of the build in one array (`offsets` into `data`, in term
 * order), and the slots added since per lexeme. Hundreds of thousands of lexemes cost two arrays,
 * not an object each.
 */
class FieldPostings {
  private offsets = new Int32Array(1);
  private data = new Int32Array(0);
  private readonly added = new Map<number, Postings>();
  /** Built and added slots of a lexeme in one list, kept until the lexeme gets another slot. */
  private readonly merged = new Map<number, Postings>();
  readonly bits = new Map<number, Uint32Array>();

  /** Lists of the build: `termsOf(slot)` gives each slot's term ids; slots in order. */
  fill(terms: number, slots: number, termsOf: (slot: number) => Int32Array): void {
    const counts = new Int32Array(terms + 1);
    for (let slot = 0; slot < slots; slot++) for (const t of termsOf(slot)) counts[t + 1] = (counts[t + 1] as number) + 1;
    for (let t = 0; t < terms; t++) counts[t + 1] = (counts[t + 1] as number) + (counts[t] as number);
    this.offsets = counts.slice();
    this.data = new Int32Array(counts[terms] as number);
    for (let slot = 0; slot < slots; slot++) {
      for (const t of termsOf(slot)) {
        this.data[counts[t] as number] = slot;
        counts[t] = (counts[t] as number) + 1;
      }
    }
  }

  private built(t: number): [number, number] {
    return t + 1 < this.offsets.length ? [this.offsets[t] as number, this.offsets[t + 1] as number] : [0, 0];
  }

  size(t: number): number {
    const [from, to] = this.built(t);
    return to - from + (this.added.get(t)?.size ?? 0);
  }

  /** Bitsets for the lists holding at least `dense` slots of the build. */
  buildBits(dense: number, words: number): void {
    for (let t = 0; t + 1 < this.offsets.length; t++) {
      const [from, to] = this.built(t);
      if (to - from < dense) continue;
      const bits = new Uint32Array(words);
      for (let i = from; i < to; i++) {
        const slot = this.data[i] as number;
        bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
      this.bits.set(t, bits);
    }
  }

  push(t: number, slot: number): void {
    let list = this.added.get(t);
    if (!list) this.added.set(t, (list = new Postings(new Int32Array(4), 0)));
    list.push(slot);
    this.merged.delete(t);
  }

  list(t: number): Postings | null {
    const [from, to] = this.built(t);
    const extra = this.added.get(t);
    if (!extra) return to > from ? withBits(new Postings(this.data.subarray(from, to), to - from), this.bits.get(t)) : null;
    let m = this.merged.get(t);
    if (!m) {
      // Added slots come after every built one: the two lists side by side are in order.
      const data = new Int32Array(to - from + extra.size);
      data.set(this.data.subarray(from, to));
      data.set(extra.data.subarray(0, extra.size), to - from);
      m = withBits(new Postings(data, data.length), this.bits.get(t));
      this.merged.set(t, m);
    }
    return m;
  }

  bytes(): number {
    let n = this.offsets.byteLength + this.data.byteLength;
    for (const b of this.bits.values()) n += b.byteLength;
    for (const a of this.added.values()) n += a.data.byteLength + 64;
    return n;
  }

  postings(): number {
    let n = this.data.length;
    for (const a of this.added.values()) n += a.size;
    return n;
  }
}

function withBits(p: Postings, bits: Uint32Array | undefined): Postings {
  p.bits = bits ?? null;
  return p;
}

/**
 * Titles in one language ordered by suggestion key: the build's in one string of keys (with
 * offsets, so hundreds of thousands of keys are one object to the garbage collector), and those
 * added since.
 */
class SuggestionList {
  /** Slots of the build in key order, and their keys end to end. */
  private sorted = new Int32Array(0);
  private keys = '';
  private offsets = new Int32Array(1);
  readonly added: Array<{ key: string; slot: number }> = [];

  constructor(private readonly termOf: (slot: number) => string) {}

  private keyOf(slot: number): string {
    return suggestKey(this.termOf(slot));
  }

  get bytes(): number {
    return this.sorted.byteLength + this.offsets.byteLength + 2 * this.keys.length;
  }

  sort(slots: number): void {
    const keys: string[] = new Array(slots);
    const order: number[] = [];
    for (let slot = 0; slot < slots; slot++) {
      keys[slot] = this.keyOf(slot);
      if (keys[slot]) order.push(slot);
    }
    order.sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : (keys[a] as string) > (keys[b] as string) ? 1 : a - b));
    this.sorted = Int32Array.from(order);
    this.offsets = new Int32Array(order.length + 1);
    const parts: string[] = [];
    let at = 0;
    order.forEach((slot, i) => {
      parts.push(keys[slot] as string);
      at += (keys[slot] as string).length;
      this.offsets[i + 1] = at;
    });
    this.keys = parts.join('');
  }

  /** Whether the i-th built key sorts before `prefix`. */
  private below(i: number, prefix: string): boolean {
    const from = this.offsets[i] as number;
    const length = (this.offsets[i + 1] as number) - from;
    for (let k = 0; k < prefix.length; k++) {
      if (k === length) return true;
      const a = this.keys.charCodeAt(from + k);
      const b = prefix.charCodeAt(k);
      if (a !== b) return a < b;
    }
    return false;
  }

  add(slot: number): void {
    const key = this.keyOf(slot);
    if (key) this.added.splice(lowerBound(this.added, key, (e) => e.key), 0, { key, slot });
  }

  /** Up to `limit` slots (passing `keep`) whose key starts with `prefix`, in key order. */
  startingWith(prefix: string, limit: number, keep: (slot: number) => boolean): number[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.below(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    const found: Array<{ key: string; slot: number }> = [];
    for (let i = lo; i < this.sorted.length && found.length < limit; i++) {
      const from = this.offsets[i] as number;
      const to = this.offsets[i + 1] as number;
      if (to - from < prefix.length || !this.keys.startsWith(prefix, from)) break;
      const slot = this.sorted[i] as number;
      if (keep(slot)) found.push({ key: this.keys.slice(from, to), slot });
    }
    let taken = 0;
    for (let i = lowerBound(this.added, prefix, (e) => e.key); i < this.added.length && taken < limit; i++) {
      const e = this.added[i] as { key: string; slot: number };
      if (!e.key.startsWith(prefix)) break;
      if (keep(e.slot)) {
        found.push(e);
        taken += 1;
      }
    }
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.slot - b.slot));
    return found.slice(0, limit).map((e) => e.slot);
  }
}

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
  private readonly titleLists = new FieldPostings();
  private readonly bodyLists = new FieldPostings();
  /** Latin words of the lexicon in code-unit order, for prefix completion. */
  private words: string[] = [];
  /** Live slot per item (`itemKey`). */
  private readonly slotOf = new Map<number, number>();
  private readonly suggestions = {
    zh: new SuggestionList((slot) => this.titlesZh[slot] as string),
    en: new SuggestionList((slot) => this.titlesEn[slot] || (this.titlesZh[slot] as string)),
  };
  private aliveBits = new Uint32Array(0);
  private moduleBits: Uint32Array[] = [];
  /** Scratch bitset for unions. */
  private marks = new Uint32Array(0);

  /** A snapshot of `documents`, which must come in result order (boost desc, id desc). */
  static build(documents: Iterable<SnapshotDocument>): SearchSnapshot {
    const b = new SnapshotBuilder();
    let rank = 0;
    for (const d of documents) b.add(rank++, d);
    return b.build();
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
    let bytes = this.size * 26 + this.titleLists.bytes() + this.bodyLists.bytes() + this.aliveBits.byteLength * 7;
    for (const [l] of this.lexicon) bytes += 2 * l.length + 48;
    for (let i = 0; i < this.size; i++) bytes += 2 * ((this.titlesZh[i] as string).length + (this.titlesEn[i]?.length ?? 0)) + 32;
    bytes += this.suggestions.zh.bytes + this.suggestions.en.bytes + this.slotOf.size * 32;
    return { documents: this.documents, lexemes: this.lexicon.size, postings: this.titleLists.postings() + this.bodyLists.postings(), bytes };
  }

  /** Builder use: term ids of lexemes, new lexemes added. */
  intern(lexemes: Iterable<string>): number[] {
    const out: number[] = [];
    for (const l of lexemes) out.push(this.termId(l));
    return out;
  }

  /** Builder use: documents added (with `addSlot`) in result order, with their term ids. */
  fill(titleTerms: (slot: number) => Int32Array, bodyTerms: (slot: number) => Int32Array): void {
    this.titleLists.fill(this.lexicon.size, this.size, titleTerms);
    this.bodyLists.fill(this.lexicon.size, this.size, bodyTerms);
    this.ranked = this.size;
    this.buildBitsets();
    this.words.sort();
    this.suggestions.zh.sort(this.size);
    this.suggestions.en.sort(this.size);
  }

  private termId(lexeme: string): number {
    let t = this.lexicon.get(lexeme);
    if (t === undefined) {
      t = this.lexicon.size;
      this.lexicon.set(lexeme, t);
      if (!isHan(lexeme)) this.words.push(lexeme);
    }
    return t;
  }

  /** Builder use; `put` adds a document after the build. */
  addSlot(d: Omit<SnapshotDocument, 'titleLexemes' | 'bodyLexemes'>): number {
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
    const key = itemKey(d.module, d.itemId);
    const old = this.slotOf.get(key);
    if (old !== undefined) this.kill(old);
    this.slotOf.set(key, slot);
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
    this.titleLists.buildBits(dense, words);
    this.bodyLists.buildBits(dense, words);
  }

  /** Adds or replaces a document after the snapshot was built; it goes to the tail. */
  put(d: SnapshotDocument): void {
    const current = this.slotOf.get(itemKey(d.module, d.itemId));
    if (current !== undefined && d.version !== undefined && this.versions[current] === d.version) return;
    const slot = this.addSlot(d);
    const wordsBefore = this.words.length;
    for (const l of d.titleLexemes) this.titleLists.push(this.termId(l), slot);
    for (const l of d.bodyLexemes) this.bodyLists.push(this.termId(l), slot);
    // New words were appended; move each to its place in key order.
    for (const w of this.words.splice(wordsBefore)) this.words.splice(lowerBound(this.words, w, (x) => x), 0, w);
    this.suggestions.zh.add(slot);
    this.suggestions.en.add(slot);
  }

  /** Removes a document (unpublished or deleted). */
  remove(module: SearchModule, itemId: number): void {
    const key = itemKey(module, itemId);
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
      out.push([w, this.titleLists.size(t) + this.bodyLists.size(t)]);
    }
    // The word as typed always counts; then the most frequent, shorter first on a tie.
    out.sort((a, b) => Number(b[0] === prefix) - Number(a[0] === prefix) || b[1] - a[1] || a[0].length - b[0].length);
    return out.slice(0, COMPLETIONS + 1).map(([w]) => w);
  }

  private list(field: Field, lexeme: string): Postings | null {
    const t = this.lexicon.get(lexeme);
    if (t === undefined) return null;
    return (field === 'title' ? this.titleLists : this.bodyLists).list(t);
  }

  /** One list holding every slot of any of `lists`, in order (gathered in a bitset, read 32 at a time). */
  private union(lists: Postings[]): Postings {
    if (lists.length === 1) return lists[0] as Postings;
    const words = (this.size + 31) >>> 5;
    if (this.marks.length < words) this.marks = new Uint32Array((this.ids.length + 31) >>> 5);
    const marks = this.marks;
    let lo = this.size;
    let hi = -1;
    let n = 0;
    for (const p of lists) {
      for (let i = 0; i < p.size; i++) {
        const s = p.data[i] as number;
        const w = s >>> 5;
        const bit = 1 << (s & 31);
        if (((marks[w] as number) & bit) === 0) {
          marks[w] = (marks[w] as number) | bit;
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
    for (let w = lo >>> 5; w <= hi >>> 5; w++) {
      let x = marks[w] as number;
      if (x === 0) continue;
      marks[w] = 0;
      while (x !== 0) {
        out[k++] = (w << 5) | (31 - Math.clz32(x & -x));
        x &= x - 1;
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
    for (const group of q.either ?? []) {
      // One list of the slots holding any alternative whole.
      const alternatives: Postings[] = [];
      for (const lexemes of group) {
        const all = lexemes.map((l) => this.list(field, l));
        if (all.every((p) => p !== null)) alternatives.push(this.intersect(all as Postings[]));
      }
      if (alternatives.length === 0) return null;
      lists.push(this.union(alternatives));
    }
    return lists.length === 0 ? null : lists.sort((a, b) => a.size - b.size);
  }

  /** The slots in every one of `lists` (dead ones too: the walk skips them). */
  private intersect(lists: Postings[]): Postings {
    if (lists.length === 1) return lists[0] as Postings;
    const sorted = [...lists].sort((a, b) => a.size - b.size);
    const first = sorted[0] as Postings;
    const out = new Int32Array(first.size);
    const cursors = new Int32Array(sorted.length);
    let n = 0;
    for (let i = 0; i < first.size; i++) {
      const slot = first.data[i] as number;
      const all = this.inAll(sorted, slot, cursors, 1);
      if (all === null) break;
      if (all) out[n++] = slot;
    }
    return new Postings(out, n);
  }

  /**
   * A keyword resolved against this snapshot: title matches hold every lexeme in the title, body
   * matches in the body (and, with a prefix, one of its completions). `tiers`: the ones to be read.
   */
  query(q: ParsedQuery, completions: readonly string[] = [], tiers: readonly Field[] = ['title', 'body']): SnapshotQuery {
    return {
      title: tiers.includes('title') ? this.clauses(q, 'title', completions) : null,
      body: tiers.includes('body') ? this.clauses(q, 'body', completions) : null,
    };
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
      if (code === -2) return;
      const last = (this.ranked - 1) >>> 5;
      for (let w = from >>> 5; w <= last; w++) {
        let x = this.denseWord(lists, code, w);
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

  /** Word `w` of the live slots (of module `code`, -1 for any) in every one of `lists`, which all have bitsets. */
  private denseWord(lists: readonly Postings[], code: number, w: number): number {
    let x = this.aliveBits[w] as number;
    if (code !== -1) x &= (this.moduleBits[code] as Uint32Array)[w] as number;
    for (let j = 0; j < lists.length && x !== 0; j++) x &= ((lists[j] as Postings).bits as Uint32Array)[w] as number;
    return x;
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
      const words = (this.ranked + 31) >>> 5;
      for (let w = 0; w < words; w++) {
        const x = this.denseWord(sorted, code, w);
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
    const slots = this.suggestions[lang].startingWith(prefix, window, (slot) => this.alive[slot] === 1);
    slots.sort((a, b) => this.before(a, b));
    return slots.map((slot) => this.title(slot, lang));
  }
}

/** A number per item (module and id), cheaper as a map key than a string. */
const itemKey = (module: SearchModule, itemId: number): number => itemId * 8 + (MODULE_CODE.get(module) ?? 7);

type Meta = Omit<SnapshotDocument, 'titleLexemes' | 'bodyLexemes'>;

/**
 * Builds a snapshot from documents arriving in any order, each with its place in the result
 * order. Lexemes become term ids as they arrive, kept in one growing array, so a large catalogue
 * is never held as strings or as an array per document.
 */
export class SnapshotBuilder {
  private readonly snapshot = new SearchSnapshot();
  private readonly docs: Array<Meta | undefined> = [];
  /** Per rank: where its title and body term ids start in `terms`, and how many there are. */
  private spans = new Int32Array(4 * 1024);
  private terms = new Int32Array(1 << 16);
  private used = 0;

  add(rank: number, d: SnapshotDocument): void {
    const { titleLexemes, bodyLexemes, ...meta } = d;
    this.docs[rank] = meta;
    if (4 * rank + 4 > this.spans.length) {
      const grown = new Int32Array(Math.max(this.spans.length * 2, 4 * rank + 4));
      grown.set(this.spans);
      this.spans = grown;
    }
    const title = this.snapshot.intern(titleLexemes);
    const body = this.snapshot.intern(bodyLexemes);
    if (this.used + title.length + body.length > this.terms.length) {
      const grown = new Int32Array(Math.max(this.terms.length * 2, this.used + title.length + body.length));
      grown.set(this.terms.subarray(0, this.used));
      this.terms = grown;
    }
    this.spans.set([this.used, title.length, this.used + title.length, body.length], 4 * rank);
    this.terms.set(title, this.used);
    this.terms.set(body, this.used + title.length);
    this.used += title.length + body.length;
  }

  build(): SearchSnapshot {
    const ranks: number[] = [];
    this.docs.forEach((meta, rank) => {
      if (!meta) return;
      this.snapshot.addSlot(meta);
      ranks.push(rank);
    });
    const span = (slot: number, part: 0 | 2) => {
      const at = 4 * (ranks[slot] as number) + part;
      const from = this.spans[at] as number;
      return this.terms.subarray(from, from + (this.spans[at + 1] as number));
    };
    this.snapshot.fill(
      (slot) => span(slot, 0),
      (slot) => span(slot, 2),
    );
    this.docs.length = 0;
    this.terms = new Int32Array(0);
    return this.snapshot;
  }
}

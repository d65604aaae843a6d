import type { SearchModule } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { type BucketRow, type RoundScope, type TierQuery, tierRound } from './search.repository.ts';
import { bucketToken } from './tokenizer.ts';

/**
 * Reading a tier newest bucket first (decision record 0015). A GIN scan reads every posting of
 * every lexeme it is given, so a common word costs as much as it has matches, whatever the page.
 * Each document's vectors also hold its bucket token; a round ANDs the keyword with the tokens of
 * a few buckets, GIN's fast scan then walks only those buckets' postings, and the round stops the
 * search once it holds the page. Rounds grow: about `limits.docs[0]` documents, then up to
 * `limits.docs[1]` in all, then every older bucket with the plain keyword (by then the word is
 * rare, or the page is deep).
 */

export interface RoundLimits {
  /** A scope of at most this many documents is read in one round, and its totals are exact. */
  whole: number;
  /** Documents (in scope) the first round and the first two rounds cover, at least. */
  docs: readonly [number, number];
  /** Most bucket tokens in one round's query: GIN checks every candidate against all of them. */
  maxTokens: number;
}

export const DEFAULT_ROUND_LIMITS: RoundLimits = { whole: 2_000, docs: [1_000, 8_000], maxTokens: 12 };

export interface Round extends RoundScope {
  /** Documents in scope the round covers. */
  docs: number;
  /** Bucket rounds: the oldest bucket covered. */
  last: number | null;
  /** Bucket rounds: documents of every module in those buckets (what GIN walks through). */
  span: number;
}

export interface RoundPlan {
  rounds: Round[];
  /** Documents in scope in all. */
  docs: number;
}

/** Cuts the buckets in scope (newest first) into rounds. */
export function planRounds(buckets: readonly BucketRow[], module: SearchModule | null, limits: RoundLimits = DEFAULT_ROUND_LIMITS): RoundPlan {
  const inScope = module ? buckets.filter((b) => b.module === module) : buckets;
  const perBucket = new Map<number, number>();
  for (const b of buckets) perBucket.set(b.bucket, (perBucket.get(b.bucket) ?? 0) + b.docs);
  const total = inScope.reduce((n, b) => n + b.docs, 0);
  if (total === 0) return { rounds: [], docs: 0 };
  if (total <= limits.whole) return { rounds: [{ tokens: null, below: null, docs: total, last: null, span: 0 }], docs: total };
  const rounds: Round[] = [];
  let covered = 0;
  let i = 0;
  for (const target of limits.docs) {
    if (i >= inScope.length) break;
    const round: Round = { tokens: [], below: null, docs: 0, last: null, span: 0 };
    while (i < inScope.length && (round.docs === 0 || covered + round.docs < target)) {
      // A bucket's modules go into one round together: the next round starts below this bucket.
      const bucket = (inScope[i] as BucketRow).bucket;
      while (i < inScope.length && (inScope[i] as BucketRow).bucket === bucket) round.docs += (inScope[i++] as BucketRow).docs;
      (round.tokens as string[]).push(bucketToken(bucket));
      round.last = bucket;
      round.span += perBucket.get(bucket) ?? 0;
      if ((round.tokens as string[]).length >= limits.maxTokens) break;
    }
    rounds.push(round);
    covered += round.docs;
  }
  if (i < inScope.length) rounds.push({ tokens: null, below: (inScope[i - 1] as BucketRow).bucket, docs: total - covered, last: null, span: 0 });
  return { rounds, docs: total };
}

export interface TierRead {
  /** Up to `need` ids in result order. */
  ids: number[];
  /** Matches in the rounds read. */
  matched: number;
  /** Title tier read with `withBody`: body-only matches in the first bucket round... */
  bodyOnly: number;
  /** ...and the documents those rounds cover. */
  bodyCovered: number;
  /** Documents in scope those rounds cover. */
  covered: number;
  /** Whether every round was read: `matched` is then the tier's exact count. */
  exhausted: boolean;
}

/** Reads rounds until the tier holds `need` ids or runs out. */
export async function readTier(db: Db, q: TierQuery, plan: RoundPlan, need: number, withBody = false): Promise<TierRead> {
  const ids: number[] = [];
  let matched = 0;
  let bodyOnly = 0;
  let bodyCovered = 0;
  let covered = 0;
  let read = 0;
  const rounds = [...plan.rounds];
  for (let i = 0; i < rounds.length; i++) {
    const round = rounds[i] as Round;
    if (ids.length >= need) break;
    // The body sample comes from the first bucket round only: it doubles or triples a round's
    // matches, and over the whole index it would cost a full body scan (a search that reaches the
    // last round reads the body tier itself anyway).
    const sample = withBody && round.tokens !== null && i === 0;
    const r = await tierRound(db, q, round, need - ids.length, sample);
    ids.push(...r.ids);
    matched += r.matched;
    if (sample) {
      bodyOnly += r.bodyOnly;
      bodyCovered += round.docs;
    }
    covered += round.docs;
    read += 1;
    // After a bucket round, one round over everything older may be the cheaper way on: when the
    // keyword is too rare here to fill the page from the next bucket round, or when its expected
    // matches further down (each read and sorted: about 4 units) cost less than the GIN walk
    // through every document of the next round's buckets (about 1 unit each).
    const next = rounds[i + 1];
    const rest = rounds.at(-1) as Round;
    if (next?.tokens && round.last !== null && rest.tokens === null) {
      const rate = matched / covered;
      const wontFill = rate * next.docs < (need - ids.length) / 2;
      const plainIsCheaper = rate * (plan.docs - covered) * 4 < next.span;
      if (wontFill || plainIsCheaper) {
        rounds.splice(i + 1, rounds.length, { tokens: null, below: round.last, docs: plan.docs - covered, last: null, span: 0 });
      }
    }
  }
  return { ids, matched, bodyOnly, bodyCovered, covered, exhausted: read === rounds.length };
}

/**
 * A tier's count: exact when every round was read, else scaled from the rounds read to the whole
 * scope (never below what was seen).
 */
export function tierCount(t: TierRead, scopeDocs: number): number {
  if (t.exhausted || t.covered === 0) return t.matched;
  return Math.max(t.matched, Math.round((t.matched / t.covered) * scopeDocs));
}

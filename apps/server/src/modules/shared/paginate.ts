import type { Page } from '@medportal/contract';

/** A page request as the contract's PageQuery carries it. */
export interface PageQ {
  page: number;
  page_size: number;
}

/**
 * One page of rows and the total they are a page of: the rows query (already limited and offset)
 * and its `count()` query run together. An empty count reads as 0.
 */
export async function paginate<R>(rows: PromiseLike<R[]>, count: PromiseLike<Array<{ n: number }>>): Promise<{ rows: R[]; total: number }> {
  const [items, [counted]] = await Promise.all([rows, count]);
  return { rows: items, total: counted?.n ?? 0 };
}

/** The contract's page envelope: items, the page asked for, and whether another follows. */
export function pageOf<T>(items: T[], q: PageQ, total: number): Page<T> {
  return { items, page: q.page, page_size: q.page_size, total, has_more: q.page * q.page_size < total };
}

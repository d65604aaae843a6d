import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Pager } from './pager';
import { Skeleton } from './skeleton';

/** The parts of a TanStack Query result a paged list reads. */
export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** True while the previous page stays on screen as the next one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  data?: { items: T[]; total: number } | undefined;
}

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** One item, as an `<li>` with its key. */
  render: (item: T) => ReactNode;
  /** Class of the `<ul>`; the loading placeholder gets it with `--loading`. */
  className: string;
  loadingLabel: string;
  empty: ReactNode;
  emptyClassName: string;
  /** Placeholder rows while the first page loads. */
  skeleton?: { count: number; height: number };
  testId?: string;
}

/** Loading, error and empty states around one page of items, then the pager. */
export function PagedList<T>({ query, page, pageSize, onPage, render, className, loadingLabel, empty, emptyClassName, skeleton = { count: 2, height: 72 }, testId }: PagedListProps<T>) {
  if (query.isPending) {
    return (
      <div className={`${className} ${className}--loading`} aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeleton.count }, (_, i) => (
          <Skeleton key={i} height={skeleton.height} />
        ))}
      </div>
    );
  }
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.items.length) {
    return (
      <p className={emptyClassName} role="status">
        {empty}
      </p>
    );
  }
  return (
    <>
      <ul className={className} data-testid={testId} aria-busy={query.isPlaceholderData || undefined}>
        {query.data.items.map(render)}
      </ul>
      <Pager page={page} pageSize={pageSize} total={query.data.total} onChange={onPage} />
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../shared/ui/error-state';
import { COURSE_PAGE_SIZE, useMoreCourses } from '../api/courses';
import { CourseGrid } from '../components/course-tile';
import { CourseGridSkeleton } from '../components/course-grid-skeleton';
import { Pagination } from '../components/pagination';
import '../courses.css';

/** `/course/more?dep_val=&title=`: course series, with a title search and paging in the URL. */
export function CourseMorePage() {
  const { t } = useTranslation('course');
  const [search, setSearch] = useSearchParams();
  const depRaw = search.get('dep_val') ?? '';
  const dep_val = /^\d{1,9}$/.test(depRaw) ? depRaw : '';
  const title = (search.get('title') ?? '').slice(0, 100);
  const pageRaw = Number(search.get('page') ?? '1');
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 10_000 ? pageRaw : 1;
  const list = useMoreCourses({ dep_val, title, page });
  const [text, setText] = useState(title);

  const go = (next: { title?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (dep_val) params.set('dep_val', dep_val);
    const nt = next.title ?? title;
    if (nt) params.set('title', nt);
    const np = next.page ?? 1;
    if (np > 1) params.set('page', String(np));
    setSearch(params);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ title: text.trim(), page: 1 });
  };

  return (
    <div className="container courses">
      <h1>{t('more.heading')}</h1>
      <form role="search" className="course-search" onSubmit={submit}>
        <input type="search" aria-label={t('more.search')} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button button--primary">
          {t('more.searchButton')}
        </button>
      </form>
      {list.isPending ? (
        <CourseGridSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="course-empty">{t('empty')}</p>
      ) : (
        <>
          <CourseGrid courses={list.data.items} />
          <Pagination page={page} total={list.data.total} pageSize={COURSE_PAGE_SIZE} onPage={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}

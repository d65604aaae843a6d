import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { COURSE_PAGE_SIZE, useMoreCourses } from '../api/courses';
import { CourseGrid } from '../components/course-tile';
import { CourseGridSkeleton } from '../components/course-grid-skeleton';
import { Pager } from '../../../shared/ui/pager';
import '../courses.css';

/** Department ids and slugs (`hematology`) as the home page links them. */
const DEP_VAL = /^(?:\d{1,9}|[a-z][a-z0-9-]{0,63})$/;

/**
 * `/course/more?dep_val=&title=`: course series. `title` names the list (the home block that links
 * here); the search box filters by `keyword`; paging stays in the URL.
 */
export function CourseMorePage() {
  const { t } = useTranslation(['course', 'common']);
  const [search, setSearch] = useSearchParams();
  const depRaw = search.get('dep_val') ?? '';
  const dep_val = DEP_VAL.test(depRaw) ? depRaw : '';
  const title = (search.get('title') ?? '').trim().slice(0, 100);
  const keyword = (search.get('keyword') ?? '').slice(0, 100);
  const pageRaw = Number(search.get('page') ?? '1');
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 10_000 ? pageRaw : 1;
  const list = useMoreCourses({ dep_val, keyword, page });
  const [text, setText] = useState(keyword);
  const heading = title || t('course:more.heading');
  useTitleOverride(composeTitle(heading, t('common:productName')));

  const go = (next: { keyword?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (dep_val) params.set('dep_val', dep_val);
    if (title) params.set('title', title);
    const nk = next.keyword ?? keyword;
    if (nk) params.set('keyword', nk);
    const np = next.page ?? 1;
    if (np > 1) params.set('page', String(np));
    setSearch(params);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: text.trim(), page: 1 });
  };

  return (
    <div className="container courses">
      <h1>{heading}</h1>
      <form role="search" className="course-search" aria-label={t('course:more.search')} onSubmit={submit}>
        <input type="search" aria-label={t('course:more.search')} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button button--primary">
          {t('course:more.searchButton')}
        </button>
      </form>
      {list.isPending ? (
        <CourseGridSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="course-empty">{t('course:empty')}</p>
      ) : (
        <>
          <CourseGrid courses={list.data.items} />
          <Pager numbered page={page} total={list.data.total} pageSize={COURSE_PAGE_SIZE} onChange={(p) => go({ page: p })} />
        </>
      )}
    </div>
  );
}

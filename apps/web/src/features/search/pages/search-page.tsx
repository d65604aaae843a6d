import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SearchTypeValue } from '@medportal/contract';
import { queryClient } from '../../../shared/query-client';
import { paths } from '../../../config/paths';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { addSearchHistory } from '../../../shared/search-history';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { SearchIcon } from '../../../shared/ui/icons';
import { searchQueryOptions, searchTypesQueryOptions, TERM_MAX } from '../api/search';
import { HotWordLinks } from '../components/hot-word-links';
import { SearchResults } from '../components/search-results';
import { RESULTS_PANEL_ID, SearchTabs, tabId } from '../components/search-tabs';
import { readSearchParams } from '../lib/search-params';
import '../search.css';

/** `/search?txt=&type=&page=`: the term, tab and page live in the URL (back, forward, reload). */
export function SearchPage() {
  const { t } = useTranslation(['search', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = readSearchParams(search);
  const { txt, type } = params;

  useTitleOverride(composeTitle(txt ? t('search:titles.withTerm', { txt }) : t('search:titles.search'), t('common:productName')));

  const go = (next: { txt?: string; type?: SearchTypeValue; page?: number }) =>
    void navigate(paths.search.getHref(next.txt ?? txt, { type: next.type ?? type, page: next.page ?? 1 }));

  const onSearch = (term: string) => {
    addSearchHistory(term);
    go({ txt: term });
  };

  const onPageChange = (page: number) => {
    go({ page });
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className="search-page">
      <h1 className="visually-hidden">{t('search:page.heading')}</h1>
      {/* Keyed by the term so back/forward refills the field. */}
      <SearchForm key={txt} initial={txt} onSearch={onSearch} />
      {txt ? (
        <>
          <SearchTabs active={type} onSelect={(next) => go({ type: next })} />
          <div id={RESULTS_PANEL_ID} role="tabpanel" aria-labelledby={tabId(type)} className="search-page__panel">
            <SearchResults params={params} onPageChange={onPageChange} />
          </div>
        </>
      ) : (
        <div className="search-empty">
          <p className="search-empty__hint">{t('search:page.noTerm')}</p>
          <HotWordLinks />
        </div>
      )}
    </div>
  );
}

/** The page's own search field, prefilled with the current term; blank input does nothing. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation('search');
  const [value, setValue] = useState(initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = value.trim();
    if (term) onSearch(term);
  };
  return (
    <form role="search" className="search-form" aria-label={t('page.formLabel')} onSubmit={onSubmit}>
      <input
        type="search"
        className="search-form__input"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('page.placeholder')}
        aria-label={t('page.inputLabel')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={TERM_MAX}
      />
      <button type="submit" className="button button--primary search-form__submit">
        <SearchIcon />
        <span>{t('page.submit')}</span>
      </button>
    </form>
  );
}

export async function loader({ request }: { request: Request }) {
  const lang = currentLanguage();
  const params = readSearchParams(new URL(request.url).searchParams);
  queryClient.ensureQueryData(searchTypesQueryOptions(lang)).catch(() => undefined);
  if (params.txt) queryClient.ensureQueryData(searchQueryOptions(lang, params)).catch(() => undefined);
  await loadNamespaces('search');
  return null;
}

export const Component = SearchPage;

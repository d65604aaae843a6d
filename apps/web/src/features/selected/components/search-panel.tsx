import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageParam } from '../../../shared/page-param';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { type Source, VIDEO_PAGE_SIZE, useVideos } from '../api/selected';
import { VideoGrid, VideoGridSkeleton } from './video-list';

/** Search within one channel or album (`?q=`, `?page=`). */
export function SearchPanel({ source, label }: { source: Source; label: string }) {
  const { t } = useTranslation('selected');
  const inputId = useId();
  const [search, setSearch] = useSearchParams();
  const keyword = (search.get('q') ?? '').trim().slice(0, 50);
  const page = pageParam(search);
  const [text, setText] = useState(keyword);
  const videos = useVideos(source, { page, keyword }, keyword !== '');
  const go = (q: string, p = 1) =>
    setSearch(() => {
      const next = new URLSearchParams();
      if (q) next.set('q', q);
      if (p > 1) next.set('page', String(p));
      const lang = search.get('lang');
      if (lang) next.set('lang', lang);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(text.trim());
  };

  return (
    <section className="sel-section">
      <form className="sel-search" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="sel-search__label">
          {label}
        </label>
        <div className="sel-search__row">
          <input
            id={inputId}
            className="sel-search__input"
            type="search"
            value={text}
            maxLength={50}
            placeholder={t('search.placeholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="selected-search-input"
          />
          <button type="submit" className="button button--primary sel-search__submit">
            {t('search.submit')}
          </button>
        </div>
      </form>
      {keyword === '' ? (
        <p className="sel-empty">{t('search.prompt')}</p>
      ) : videos.isPending ? (
        <VideoGridSkeleton />
      ) : videos.isError ? (
        <ErrorState error={videos.error} onRetry={() => void videos.refetch()} />
      ) : videos.data.total === 0 ? (
        <p className="sel-empty" data-testid="selected-empty">
          {t('search.none', { keyword })}
        </p>
      ) : (
        <>
          <p className="sel-search__count" role="status">
            {t('search.results', { count: videos.data.total })}
          </p>
          <VideoGrid videos={videos.data.items} />
          <Pager page={page} pageSize={VIDEO_PAGE_SIZE} total={videos.data.total} onChange={(p) => go(keyword, p)} label={t('videos.pager')} />
        </>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SelectedTagKind } from '@medportal/contract';
import { ID_MAX, pageParam, positiveParam } from '../../../shared/page-param';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type Source, useTags } from '../api/selected';
import { PagedVideos } from './video-list';

/**
 * A sub-page grouping videos by one kind of tag (hot topics, highlights, disease areas,
 * meetings): the tags as tabs with their counts (`?tag=`, the first by default) and that tag's
 * videos.
 */
export function TagBrowser({ source, kind, heading }: { source: Source; kind: SelectedTagKind; heading: string }) {
  const { t } = useTranslation('selected');
  const [search, setSearch] = useSearchParams();
  const tags = useTags(source, kind);
  const requested = positiveParam(search, 'tag', ID_MAX);
  const page = pageParam(search);
  const select = (tag: number, p = 1) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('tag', String(tag));
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  if (tags.isPending) return <Skeleton height={240} />;
  if (tags.isError) return <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />;
  if (tags.data.length === 0) return <p className="sel-empty">{t('tags.empty')}</p>;
  const active = tags.data.find((tag) => tag.id === requested) ?? tags.data[0]!;
  return (
    <section className="sel-section">
      <h2 className="sel-section__title">{heading}</h2>
      <div className="sel-tags" role="group" aria-label={t('tags.label')}>
        {tags.data.map((tag) => (
          <button
            key={tag.id}
            type="button"
            className="sel-tag"
            aria-pressed={tag.id === active.id}
            onClick={() => select(tag.id)}
            data-testid="selected-tag"
          >
            <span className="sel-tag__name">{tag.name}</span>
            <span className="sel-tag__count">{t('tags.count', { count: tag.count })}</span>
          </button>
        ))}
      </div>
      {active.desc ? <p className="sel-tag-desc">{active.desc}</p> : null}
      <PagedVideos source={source} query={{ page: requested === active.id ? page : 1, tagId: active.id }} onPage={(p) => select(active.id, p)} />
    </section>
  );
}

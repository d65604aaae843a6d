import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TopicModule } from '@medportal/contract';
import { TOPIC_MODULES } from '@medportal/contract/constants';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { queryClient } from '../../../shared/query-client';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { usePageMeta } from '../../../shared/ui/page-meta';
import { Skeleton } from '../../../shared/ui/skeleton';
import {
  TOPIC_PAGE_SIZE,
  type TopicPage as TopicList,
  topicItemsQueryOptions,
  topicQueryOptions,
  topicsQueryOptions,
  useTopic,
  useTopics,
} from '../api/topics';
import { ID_MAX, pageParam, positiveParam } from '../../../shared/page-param';
import { Pager } from '../../../shared/ui/pager';
import { modulesOf, TopicContents } from '../components/topic-contents';
import '../topics.css';

function TopicTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(title, t('productName')));
  return null;
}

const isModule = (value: string | null): value is TopicModule => TOPIC_MODULES.includes(value as TopicModule);

function TopicNav({ list, selected, h5 }: { list: TopicList; selected: number | undefined; h5: boolean }) {
  const { t } = useTranslation('topic');
  const href = h5 ? paths.topicH5.getHref : paths.topic.getHref;
  return (
    <nav className="topic-nav" aria-label={t('nav.label')}>
      <ul className="topic-nav__list">
        {list.items.map((topic) => (
          <li key={topic.id}>
            <Link
              to={href(topic.id)}
              className="topic-nav__item"
              aria-current={topic.id === selected ? 'page' : undefined}
              data-testid="topic-nav-item"
              preventScrollReset
            >
              <Image src={topic.cover} alt="" className="topic-nav__cover" />
              <span className="topic-nav__text">
                <span className="topic-nav__title clamp-2">{topic.title}</span>
                <span className="topic-nav__count">{t('nav.count', { count: topic.counts.course + topic.counts.live + topic.counts.news + topic.counts.paper })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A topic id that does not exist: its own state, answered 404 when the server renders it. */
function TopicNotFound() {
  const { t } = useTranslation('topic');
  usePageMeta({ status: 404 });
  return (
    <div className="topic-not-found" role="status" data-testid="topic-not-found">
      <h2>{t('notFound.title')}</h2>
      <p>{t('notFound.message')}</p>
    </div>
  );
}

function SelectedTopic({ id }: { id: number }) {
  const [search, setSearch] = useSearchParams();
  const topic = useTopic(id, true);
  const tab = search.get('tab');
  const page = pageParam(search);
  const set = (changes: Record<string, string | undefined>) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  if (topic.isPending) return <Skeleton height={320} />;
  if (topic.isError) {
    if (isApiError(topic.error) && topic.error.code === ErrorCode.NOT_FOUND) {
      return <TopicNotFound />;
    }
    return <ErrorState error={topic.error} onRetry={() => void topic.refetch()} />;
  }
  return (
    <>
      <TopicTitle title={topic.data.title} />
      <TopicContents
        topic={topic.data}
        module={isModule(tab) ? tab : undefined}
        page={page}
        onModule={(m) => set({ tab: m, page: undefined })}
        onPage={(p) => set({ page: p > 1 ? String(p) : undefined })}
      />
    </>
  );
}

/**
 * `/topic` and `/topic/h5` (spec §2): the topic cards, and the contents of the one chosen with
 * `?id=` (the first when none is chosen). The h5 variant is the phone layout without site chrome.
 */
export function TopicPage({ h5 = false }: { h5?: boolean }) {
  const { t } = useTranslation('topic');
  const [search] = useSearchParams();
  const [listPage, setListPage] = useState(1);
  const topics = useTopics(listPage);
  const requested = positiveParam(search, 'id', ID_MAX);
  const invalidId = search.has('id') && requested === undefined;
  const selected = requested ?? topics.data?.items[0]?.id;

  return (
    <div className={`topic-page${h5 ? ' topic-page--h5' : ' container'}`}>
      <h1 className="topic-page__title">{t('titles.topics')}</h1>
      {topics.isPending ? (
        <Skeleton height={120} />
      ) : topics.isError ? (
        <ErrorState error={topics.error} onRetry={() => void topics.refetch()} />
      ) : topics.data.total === 0 ? (
        <p className="topic-empty" data-testid="topic-empty">
          {t('empty.topics')}
        </p>
      ) : (
        <div className="topic-layout">
          <div className="topic-layout__nav">
            <TopicNav list={topics.data} selected={selected} h5={h5} />
            <Pager page={listPage} pageSize={TOPIC_PAGE_SIZE} total={topics.data.total} onChange={setListPage} label={t('pager.topics')} />
          </div>
          <div className="topic-layout__main">
            {invalidId ? (
              <TopicNotFound />
            ) : selected !== undefined ? (
              <SelectedTopic key={selected} id={selected} />
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Starts the whole chain the page needs at once (the list, the chosen or first topic, that
 * topic's first tab), beside the texts: rendered step by step, each request waited for the one
 * before it and the page showed only placeholders for over a second.
 */
function primeTopic(search: URLSearchParams): void {
  const lang = currentLanguage();
  const requested = positiveParam(search, 'id', ID_MAX);
  if (search.has('id') && requested === undefined) return;
  const list = queryClient.ensureQueryData(topicsQueryOptions(lang, 1));
  const topic =
    requested !== undefined
      ? queryClient.ensureQueryData(topicQueryOptions(lang, requested))
      : list.then((page) => (page.items[0] ? queryClient.ensureQueryData(topicQueryOptions(lang, page.items[0].id)) : undefined));
  const tab = search.get('tab');
  topic
    .then((data) => {
      if (!data) return;
      const modules = modulesOf(data);
      const active = isModule(tab) && modules.includes(tab) ? tab : modules[0];
      if (active) return queryClient.ensureQueryData(topicItemsQueryOptions(lang, data.id, active, pageParam(search)));
    })
    // A failure is the page's to show, with its retry.
    .catch(() => undefined);
  list.catch(() => undefined);
}

export async function loader({ request }: { request: Request }) {
  primeTopic(new URL(request.url).searchParams);
  await loadNamespaces('topic');
  return null;
}

export const topicRoute = { Component: () => <TopicPage />, loader };
export const topicH5Route = { Component: () => <TopicPage h5 />, loader };

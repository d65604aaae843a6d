import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useOutletContext } from 'react-router';
import type { SelectedChannelSlug, SelectedTagKind } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { queryClient } from '../../../shared/query-client';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { selectedHomeQueryOptions, type SelectedHomeData, useDoc, useSelectedHome } from '../api/selected';
import { SearchPanel } from '../components/search-panel';
import { TagBrowser } from '../components/tag-browser';
import { VideoGrid } from '../components/video-list';
import '../selected.css';

export interface ChannelContext {
  slug: SelectedChannelSlug;
  home: SelectedHomeData;
}

const channelHref = (slug: SelectedChannelSlug, sub?: string) => paths[slug].getHref(sub);

/** Sub-pages in menu order; the hotspot page exists on channels with meeting highlights only. */
const SUBPAGES = ['special', 'hotspot', 'field', 'meetings', 'search', 'about', 'copyright'] as const;
type SubPage = (typeof SUBPAGES)[number];

function ChannelTitle({ name, page }: { name: string; page?: string | undefined }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(page ? `${page} - ${name}` : name, t('productName')));
  return null;
}

/** The channel's own header (logo, colour, name, slogan) and menu around its sub-pages. */
function ChannelLayout({ slug }: { slug: SelectedChannelSlug }) {
  const { t } = useTranslation('selected');
  const home = useSelectedHome(slug);
  if (home.isPending) {
    return (
      <div className="container sel-page">
        <Skeleton height={160} />
      </div>
    );
  }
  if (home.isError) {
    return (
      <div className="container sel-page">
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      </div>
    );
  }
  const ch = home.data.channel;
  const menu: SubPage[] = SUBPAGES.filter((p) => p !== 'hotspot' || ch.has_hotspot);
  return (
    <div className="sel-page" style={{ '--sel-color': ch.color } as React.CSSProperties} data-channel={slug}>
      <header className="sel-hero">
        <div className="container sel-hero__inner">
          <Image src={ch.logo} alt="" className="sel-hero__logo" priority />
          <div className="sel-hero__text">
            <p className="sel-hero__name" data-testid="selected-channel-name">
              {ch.name}
            </p>
            <p className="sel-hero__slogan">{ch.slogan}</p>
          </div>
        </div>
        <nav className="container sel-menu" aria-label={t('nav.label')}>
          <NavLink to={channelHref(slug)} end className="sel-menu__item">
            {t('nav.home')}
          </NavLink>
          {menu.map((p) => (
            <NavLink key={p} to={channelHref(slug, p)} className="sel-menu__item">
              {t(`nav.${p}`)}
            </NavLink>
          ))}
        </nav>
      </header>
      <div className="container sel-body">
        <Outlet context={{ slug, home: home.data } satisfies ChannelContext} />
      </div>
    </div>
  );
}

const useChannel = () => useOutletContext<ChannelContext>();

function ChannelHome() {
  const { t } = useTranslation('selected');
  const { slug, home } = useChannel();
  return (
    <>
      <ChannelTitle name={home.channel.name} />
      <h1 className="sel-title">{home.channel.name}</h1>
      <p className="sel-intro">{home.channel.intro}</p>
      <section className="sel-section">
        <div className="sel-section__head">
          <h2 className="sel-section__title">{t('home.hotTopics')}</h2>
          <Link to={channelHref(slug, 'special')} className="sel-section__more">
            {t('home.more')}
          </Link>
        </div>
        <ul className="sel-topics">
          {home.topics.map((topic) => (
            <li key={topic.id}>
              <Link to={`${channelHref(slug, 'special')}?tag=${topic.id}`} className="sel-topic" data-testid="selected-topic">
                <Image src={topic.cover} alt="" className="sel-topic__cover" />
                <span className="sel-topic__name">{topic.name}</span>
                <span className="sel-topic__desc clamp-2">{topic.desc}</span>
                <span className="sel-topic__count">{t('tags.count', { count: topic.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="sel-section">
        <h2 className="sel-section__title">{t('home.latest')}</h2>
        {home.latest.length ? <VideoGrid videos={home.latest} /> : <p className="sel-empty">{t('videos.empty')}</p>}
      </section>
    </>
  );
}

const TAG_KIND: Record<'special' | 'hotspot' | 'field' | 'meetings', SelectedTagKind> = { special: 'topic', hotspot: 'hotspot', field: 'field', meetings: 'meeting' };

function ChannelTagPage({ page }: { page: keyof typeof TAG_KIND }) {
  const { t } = useTranslation('selected');
  const { slug, home } = useChannel();
  return (
    <>
      <ChannelTitle name={home.channel.name} page={t(`titles.${page}`)} />
      <h1 className="sel-title">{t(`titles.${page}`)}</h1>
      <TagBrowser key={page} source={{ channel: slug }} kind={TAG_KIND[page]} heading={home.channel.name} />
    </>
  );
}

function ChannelSearch() {
  const { t } = useTranslation('selected');
  const { slug, home } = useChannel();
  return (
    <>
      <ChannelTitle name={home.channel.name} page={t('titles.search')} />
      <h1 className="sel-title">{t('titles.search')}</h1>
      <SearchPanel source={{ channel: slug }} label={t('search.label')} />
    </>
  );
}

function ChannelDoc({ doc }: { doc: 'about' | 'copyright' }) {
  const { t } = useTranslation('selected');
  const { slug, home } = useChannel();
  const text = useDoc(slug, doc);
  return (
    <>
      <ChannelTitle name={home.channel.name} page={t(`titles.${doc}`)} />
      <h1 className="sel-title">{t(`titles.${doc}`)}</h1>
      {text.isPending ? (
        <Skeleton height={160} />
      ) : text.isError ? (
        <ErrorState error={text.error} onRetry={() => void text.refetch()} />
      ) : (
        <article className="sel-doc" data-testid="selected-doc">
          {text.data.body.split('\n\n').map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </article>
      )}
    </>
  );
}

async function loader(slug: SelectedChannelSlug) {
  queryClient.ensureQueryData(selectedHomeQueryOptions(currentLanguage(), slug)).catch(() => undefined);
  await loadNamespaces('selected');
  return null;
}

export const channelLayoutRoute = (slug: SelectedChannelSlug) => ({ Component: () => <ChannelLayout slug={slug} />, loader: () => loader(slug) });
export const channelHomeRoute = { Component: ChannelHome };
export const channelTagRoute = (page: keyof typeof TAG_KIND) => ({ Component: () => <ChannelTagPage page={page} /> });
export const channelSearchRoute = { Component: ChannelSearch };
export const channelDocRoute = (doc: 'about' | 'copyright') => ({ Component: () => <ChannelDoc doc={doc} /> });

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, Navigate, NavLink, Outlet, redirect, useParams, useSearchParams } from 'react-router';
import type { SpecialConfig, SpecialMenu } from '@medportal/contract';
import { SPECIAL_ALBUM_THEMES, SPECIAL_EVENTS } from '@medportal/contract/constants';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { eventBus } from '../../../shared/event-bus';
import { loadNamespaces } from '../../../shared/i18n';
import { pageParam } from '../../../shared/page-param';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type Source, useAlbumConfig } from '../api/selected';
import { SearchPanel } from '../components/search-panel';
import { TagBrowser } from '../components/tag-browser';
import { PagedVideos } from '../components/video-list';
import '../selected.css';

/** What SPECIAL_MENU announces: the album's menu entries. */
export interface SpecialMenuEvent {
  themeId: number;
  albumId: number;
  menus: SpecialConfig['menus'];
}

const DIGITS = /^\d{1,9}$/;

/** The theme and album ids of a valid album URL (digits; themes 1 and 3 only), else null. */
export function albumIds(themeParam: string | undefined, albumParam: string | undefined): { theme: number; album: number } | null {
  if (!themeParam || !albumParam || !DIGITS.test(themeParam) || !DIGITS.test(albumParam)) return null;
  const theme = Number(themeParam);
  const album = Number(albumParam);
  if (!(SPECIAL_ALBUM_THEMES as readonly number[]).includes(theme) || album < 1) return null;
  return { theme, album };
}

function AlbumTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(title, t('productName')));
  return null;
}

/**
 * The themed special layout (spec §2): reads the album config (local storage while fresh), sets
 * the page title from it, and announces it and the menu on the event bus for the sub-pages.
 */
function SpecialLayout() {
  const { t } = useTranslation('selected');
  const params = useParams();
  const ids = albumIds(params.theme_id, params.album_id);
  const config = useAlbumConfig(ids?.theme ?? 0, ids?.album ?? 0);
  const data = config.data;

  useEffect(() => {
    if (!data) return;
    eventBus.emit<SpecialConfig>(SPECIAL_EVENTS.CONFIG, data);
    eventBus.emit<SpecialMenuEvent>(SPECIAL_EVENTS.MENU, { themeId: data.theme_id, albumId: data.album_id, menus: data.menus });
  }, [data]);
  useEffect(
    () => () => {
      eventBus.clear(SPECIAL_EVENTS.CONFIG);
      eventBus.clear(SPECIAL_EVENTS.MENU);
    },
    [],
  );

  if (!ids) return <Navigate to={paths.error.getHref()} replace />;
  if (config.isError) {
    const code = isApiError(config.error) ? config.error.code : undefined;
    if (code === ErrorCode.NOT_FOUND || code === ErrorCode.VALIDATION) return <Navigate to={paths.error.getHref()} replace />;
    return (
      <div className="container sel-page">
        <ErrorState error={config.error} onRetry={() => void config.refetch()} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="container sel-page">
        <Skeleton height={220} />
      </div>
    );
  }
  const style = { '--sel-color': data.primary_color, '--sel-accent': data.accent_color } as React.CSSProperties;
  return (
    <div className="sel-page sel-album" style={style} data-album={`${data.theme_id}/${data.album_id}`}>
      <AlbumTitle title={data.title} />
      <header className="sel-album__hero">
        <Image src={data.banner} alt="" className="sel-album__banner" priority />
        <div className="container sel-album__text">
          <h1 className="sel-album__title" data-testid="special-title">
            {data.title}
          </h1>
          <p className="sel-album__subtitle">{data.subtitle}</p>
        </div>
      </header>
      <nav className="container sel-menu sel-menu--album" aria-label={t('album.menuLabel')}>
        <NavLink to={paths.special.getHref(data.theme_id, data.album_id)} end className="sel-menu__item">
          {t('nav.home')}
        </NavLink>
        {data.menus.map((m) => (
          <NavLink key={m.key} to={paths.special.getHref(data.theme_id, data.album_id, m.key)} className="sel-menu__item" data-testid="special-menu">
            {m.title}
          </NavLink>
        ))}
      </nav>
      <div className="container sel-body">
        <Outlet />
      </div>
    </div>
  );
}

/** Listens on the event bus for the layout's announcement of this album's config. */
function useAnnounced<T extends { album_id?: number; albumId?: number }>(name: string): T | null {
  const params = useParams();
  const albumId = Number(params.album_id);
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => eventBus.on<T>(name, (v) => setValue((v.album_id ?? v.albumId) === albumId ? v : null)), [name, albumId]);
  return value;
}

const useSpecialConfig = () => useAnnounced<SpecialConfig>(SPECIAL_EVENTS.CONFIG);

/** Fallback headings (locale keys) for a sub-page reached by URL though its album's menu leaves it out. */
const MENU_TEXT = { topic: 'nav.special', field: 'nav.field', meetings: 'nav.meetings', search: 'nav.search', about: 'nav.about', copyright: 'nav.copyright' } as const;

function useMenuTitle(key: SpecialMenu): string | null {
  const { t } = useTranslation('selected');
  const menu = useAnnounced<SpecialMenuEvent>(SPECIAL_EVENTS.MENU);
  if (!menu) return null;
  return menu.menus.find((m) => m.key === key)?.title ?? t(MENU_TEXT[key]);
}

const sourceOf = (c: SpecialConfig): Source => ({ theme: c.theme_id, album: c.album_id });

function SubTitle({ title }: { title: string }) {
  return (
    <h2 className="sel-title" data-testid="special-subtitle">
      {title}
    </h2>
  );
}

function AlbumHome() {
  const { t } = useTranslation('selected');
  const config = useSpecialConfig();
  const [search, setSearch] = useSearchParams();
  if (!config) return <Skeleton height={240} />;
  return (
    <>
      <section className="sel-section">
        <h2 className="sel-section__title">{t('album.intro')}</h2>
        <p className="sel-intro">{config.intro}</p>
      </section>
      <section className="sel-section">
        <h2 className="sel-section__title">{t('album.allVideos')}</h2>
        <PagedVideos source={sourceOf(config)} query={{ page: pageParam(search) }} onPage={(p) => setSearch({ page: String(p) }, { preventScrollReset: true })} />
      </section>
    </>
  );
}

const KIND = { topic: 'topic', field: 'field', meetings: 'meeting' } as const;

function AlbumTags({ menu }: { menu: keyof typeof KIND }) {
  const config = useSpecialConfig();
  const title = useMenuTitle(menu);
  if (!config || !title) return <Skeleton height={240} />;
  return (
    <>
      <SubTitle title={title} />
      <TagBrowser key={menu} source={sourceOf(config)} kind={KIND[menu]} heading={config.title} />
    </>
  );
}

function AlbumSearch() {
  const { t } = useTranslation('selected');
  const config = useSpecialConfig();
  const title = useMenuTitle('search');
  if (!config || !title) return <Skeleton height={120} />;
  return (
    <>
      <SubTitle title={title} />
      <SearchPanel source={sourceOf(config)} label={t('search.albumLabel')} />
    </>
  );
}

function AlbumDoc({ doc }: { doc: 'about' | 'copyright' }) {
  const config = useSpecialConfig();
  const title = useMenuTitle(doc);
  if (!config || !title) return <Skeleton height={160} />;
  return (
    <>
      <SubTitle title={title} />
      <article className="sel-doc" data-testid="selected-doc">
        {config[doc].split('\n\n').map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </article>
    </>
  );
}

/** An invalid theme (not digits, or not 1 or 3) goes to /error before anything renders. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!albumIds(params.theme_id, params.album_id)) throw redirect(paths.error.getHref());
  await loadNamespaces('selected');
  return null;
}

export const specialLayoutRoute = { Component: SpecialLayout, loader };
export const albumHomeRoute = { Component: AlbumHome };
export const albumTagRoute = (menu: keyof typeof KIND) => ({ Component: () => <AlbumTags menu={menu} /> });
export const albumSearchRoute = { Component: AlbumSearch };
export const albumDocRoute = (doc: 'about' | 'copyright') => ({ Component: () => <AlbumDoc doc={doc} /> });

import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { WatchModule } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { Image } from '../../../shared/ui/image';
import { PagedList } from '../../../shared/ui/paged-list';
import { USER_CENTER_PAGE_SIZE, useWatchRecords, type WatchRecordPage } from '../api/user-center';

type Record = WatchRecordPage['items'][number];
const TABS: ReadonlyArray<WatchModule | ''> = ['', 'live', 'vod'];

function WatchRecord({ r }: { r: Record }) {
  const { t } = useTranslation('member');
  const lang = useLang();
  const href = r.module_name === 'live' ? paths.liveRoom.getHref(r.id) : paths.vod.getHref(r.id);
  const minutes = Math.max(1, Math.round(r.watched_s / 60));
  return (
    <li className="center-card">
      <Link to={href} className="center-card__media" tabIndex={-1} aria-hidden="true">
        <Image src={r.banner} alt="" className="center-card__image" />
      </Link>
      <div className="center-card__body">
        <h2 className="center-card__title">
          <Link to={href}>{r.title}</Link>
        </h2>
        <p className="center-card__meta">
          <span className="center-badge">{t(`center.watch.kinds.${r.module_name}`)}</span>
          <span>{formatDateTime(r.start_at, lang)}</span>
        </p>
        <p className="center-card__meta">
          <span>{r.watched_s < 60 ? t('center.watch.watchedSeconds', { count: r.watched_s }) : t('center.watch.watchedMinutes', { count: minutes })}</span>
          <span>{t('center.watch.lastWatched', { date: formatDateTime(r.watched_at, lang) })}</span>
        </p>
      </div>
    </li>
  );
}

/** `/user/watch`: lives and recordings I watched, with the time watched. */
export function WatchPage() {
  const { t } = useTranslation('member');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const raw = search.get('module') ?? '';
  const module: WatchModule | '' = raw === 'live' || raw === 'vod' ? raw : '';
  const page = pageParam(search);
  const list = useWatchRecords(module, page);
  const go = (m: WatchModule | '', p = 1) => {
    const q = new URLSearchParams();
    if (m) q.set('module', m);
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q}` : '' });
  };
  return (
    <section className="center-page" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('center.links.watch')}</h1>
      <div className="center-tabs" role="group" aria-label={t('center.watch.filter')}>
        {TABS.map((m) => (
          <button key={m || 'all'} type="button" className="course-tab-like" aria-pressed={m === module} onClick={() => go(m)}>
            {t(`center.watch.tabs.${m || 'all'}`)}
          </button>
        ))}
      </div>
      <PagedList<Record>
        query={list}
        page={page}
        pageSize={USER_CENTER_PAGE_SIZE}
        onPage={(p) => go(module, p)}
        render={(r) => <WatchRecord key={`${r.module_name}-${r.id}`} r={r} />}
        className="center-list"
        loadingLabel={t('center.loading')}
        emptyClassName="center-empty"
        empty={
          <>
            {t('center.watch.empty')} <Link to={paths.live.getHref()}>{t('center.watch.browse')}</Link>
          </>
        }
      />
    </section>
  );
}

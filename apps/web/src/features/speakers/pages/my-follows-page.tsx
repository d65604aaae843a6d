import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { loadNamespaces } from '../../../shared/i18n';
import { requireLogin } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { SPEAKER_PAGE_SIZE, useMyFollows } from '../api/speakers';
import { Pager } from '../components/pager';
import { SpeakerBrowser } from '../components/speaker-browser';
import '../speakers.css';

/** `/speaker` (login needed): the speakers the user follows, then a browser to find more by region and hospital. */
export function MyFollowsPage() {
  const { t } = useTranslation('speaker');
  const [page, setPage] = useState(1);
  const query = useMyFollows(page);
  return (
    <div className="speaker-page">
      <h1 className="speaker-page__title">{t('titles.follows')}</h1>
      {query.isPending ? (
        <Skeleton height={120} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="speaker-list__empty" role="status">
          {t('follows.empty')}
        </p>
      ) : (
        <>
          <ul className="speaker-grid" data-testid="followed-speakers">
            {query.data.items.map((s) => (
              <li key={s.id} className="speaker-tile">
                <Link to={paths.speakerDetail.getHref(s.id)} className="speaker-tile__link">
                  <Image src={s.avatar} alt="" className="speaker-tile__avatar" />
                  <span className="speaker-tile__name">{s.name}</span>
                  <span className="speaker-tile__meta">{s.title}</span>
                  {s.hospital ? <span className="speaker-tile__meta">{s.hospital.name}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={SPEAKER_PAGE_SIZE} total={query.data.total} onChange={setPage} />
        </>
      )}
      <SpeakerBrowser />
    </div>
  );
}

export async function loader(args: LoaderFunctionArgs) {
  await requireLogin(args);
  await loadNamespaces('speaker');
  return null;
}

export const Component = MyFollowsPage;

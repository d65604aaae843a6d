import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { loadNamespaces } from '../../../shared/i18n';
import { requireLogin } from '../../../shared/session-guard';
import { Image } from '../../../shared/ui/image';
import { SPEAKER_PAGE_SIZE, useMyFollows } from '../api/speakers';
import { PagedList } from '../../../shared/ui/paged-list';
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
      <PagedList
        query={query}
        page={page}
        pageSize={SPEAKER_PAGE_SIZE}
        onPage={setPage}
        render={(s) => (
          <li key={s.id} className="speaker-tile">
            <Link to={paths.speakerDetail.getHref(s.id)} className="speaker-tile__link">
              <Image src={s.avatar} alt="" className="speaker-tile__avatar" />
              <span className="speaker-tile__name">{s.name}</span>
              <span className="speaker-tile__meta">{s.title}</span>
              {s.hospital ? <span className="speaker-tile__meta">{s.hospital.name}</span> : null}
            </Link>
          </li>
        )}
        className="speaker-grid"
        loadingLabel={t('list.loading')}
        skeleton={{ count: 1, height: 120 }}
        empty={t('follows.empty')}
        emptyClassName="speaker-list__empty"
        testId="followed-speakers"
      />
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

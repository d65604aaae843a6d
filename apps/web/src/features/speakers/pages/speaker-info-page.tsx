import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSpeakerDetail } from '../api/speakers';
import { SpeakerNotFound } from '../components/speaker-not-found';
import { idFrom } from './speaker-detail-page';
import '../speakers.css';

/** `/speaker/info?id=`: the speaker's full introduction. */
export function SpeakerInfoPage() {
  const { t } = useTranslation('speaker');
  const [search] = useSearchParams();
  const id = idFrom(search.get('id'));
  const query = useSpeakerDetail(id ?? 0);

  if (id === null || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <SpeakerNotFound />;
  if (query.isPending) return <Skeleton height={200} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="speaker-page">
      <h1 className="speaker-page__title">{t('info.heading', { name: query.data.name })}</h1>
      <p className="speaker-info__text" data-testid="speaker-intro">
        {query.data.intro || t('info.empty')}
      </p>
      <Link to={paths.speakerDetail.getHref(id)}>{t('info.back')}</Link>
    </div>
  );
}

export async function loader() {
  await loadNamespaces('speaker');
  return null;
}

export const Component = SpeakerInfoPage;

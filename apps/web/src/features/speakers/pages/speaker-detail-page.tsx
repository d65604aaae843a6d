import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSpeakerDetail } from '../api/speakers';
import { SpeakerHeader } from '../components/speaker-header';
import { SpeakerNotFound } from '../components/speaker-not-found';
import { SpeakerTabs } from '../components/speaker-tabs';
import '../speakers.css';

/** The speaker's own name in the tab, like every detail page. */
function SpeakerTitle({ name }: { name: string }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(name, t('productName')));
  return null;
}

/** The `id` of a route or query parameter as a positive integer, or null. */
export function idFrom(value: string | null | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** `/speaker/:id`: header with follow, then the speaker's courses and lives. */
export function SpeakerDetailPage() {
  const params = useParams();
  const id = idFrom(params.id);
  const query = useSpeakerDetail(id ?? 0);

  if (id === null || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <SpeakerNotFound />;
  if (query.isPending) {
    return (
      <div className="speaker-page" aria-busy="true">
        <Skeleton height={140} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="speaker-page">
      <SpeakerTitle name={query.data.name} />
      <SpeakerHeader speaker={query.data} />
      <SpeakerTabs speakerId={id} />
    </div>
  );
}

export async function loader() {
  await loadNamespaces('speaker');
  return null;
}

export const Component = SpeakerDetailPage;

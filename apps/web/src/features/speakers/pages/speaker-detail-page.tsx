import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type SpeakerDetail, useSpeakerDetail } from '../api/speakers';
import { paths } from '../../../config/paths';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { personLd } from '../../../shared/ui/structured-data';
import { SpeakerHeader } from '../components/speaker-header';
import { SpeakerNotFound } from '../components/speaker-not-found';
import { SpeakerTabs } from '../components/speaker-tabs';
import '../speakers.css';

/** The speaker's own name in the tab, like every detail page, and what search engines read. */
function SpeakerTitle({ speaker }: { speaker: SpeakerDetail }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(speaker.name, t('productName')));
  const path = paths.speakerDetail.getHref(speaker.id);
  const worksFor = speaker.hospital?.name ?? speaker.organization?.name ?? null;
  const description = summarize(speaker.intro) || [speaker.name, speaker.title, worksFor].filter(Boolean).join(' · ');
  usePageMeta({
    description,
    image: speaker.avatar,
    type: 'profile',
    jsonLd: [personLd({ name: speaker.name, title: speaker.title, avatar: speaker.avatar, path, worksFor, description })],
  });
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
      <SpeakerTitle speaker={query.data} />
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

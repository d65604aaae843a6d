import { useTranslation } from 'react-i18next';
import type { Speaker } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';

/** A speaker: avatar, name, title, hospital or organisation, departments. */
export function SpeakerCard({ speaker, compact = false }: { speaker: Speaker; compact?: boolean }) {
  const { t } = useTranslation('home');
  const place = speaker.hospital?.name || speaker.organization?.name;
  return (
    <ActionLink action={speaker.action} className={`card speaker-card${compact ? ' speaker-card--compact' : ''}`}>
      <Image src={speaker.avatar} alt="" className="speaker-card__avatar" width={80} height={80} />
      <span className="card__body">
        <span className="card__title">{speaker.name}</span>
        {speaker.title ? <span className="card__desc">{speaker.title}</span> : null}
        {place ? <span className="card__desc clamp-1">{place}</span> : null}
        {!compact && speaker.departments.length ? (
          <span className="tag-list">
            {speaker.departments.slice(0, 2).map((d) => (
              <span key={d.id} className="tag">
                {d.title}
              </span>
            ))}
          </span>
        ) : null}
        {!compact ? <span className="card__meta">{t('speaker.followers', { count: speaker.follower_count })}</span> : null}
      </span>
    </ActionLink>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Image } from '../../../shared/ui/image';
import type { SpeakerDetail } from '../api/speakers';
import { FollowButton } from './follow-button';

/** Avatar, name, title, hospital, organisation, departments, follower count and the follow button. */
export function SpeakerHeader({ speaker }: { speaker: SpeakerDetail }) {
  const { t } = useTranslation('speaker');
  return (
    <header className="speaker-header">
      <Image src={speaker.avatar} alt="" className="speaker-header__avatar" />
      <div className="speaker-header__body">
        <h1 className="speaker-header__name">
          {speaker.name} <span className="speaker-header__title">{speaker.title}</span>
        </h1>
        {speaker.hospital ? (
          <p className="speaker-header__line">
            {speaker.hospital_id !== null ? <Link to={paths.hospital.getHref(speaker.hospital_id)}>{speaker.hospital.name}</Link> : speaker.hospital.name}
          </p>
        ) : null}
        {speaker.organization ? (
          <p className="speaker-header__line">
            {speaker.organization_id !== null ? (
              <Link to={paths.organizer.getHref(speaker.organization_id)}>{speaker.organization.name}</Link>
            ) : (
              speaker.organization.name
            )}
          </p>
        ) : null}
        {speaker.departments.length ? (
          <ul className="speaker-header__deps" aria-label={t('detail.departments')}>
            {speaker.departments.map((d) => (
              <li key={d.id} className="tag">
                {d.title}
              </li>
            ))}
          </ul>
        ) : null}
        {speaker.intro ? (
          <p className="speaker-header__intro">
            {speaker.intro} <Link to={paths.speakerInfo.getHref(speaker.id)}>{t('detail.moreIntro')}</Link>
          </p>
        ) : null}
      </div>
      <div className="speaker-header__follow">
        <span className="speaker-header__followers" data-testid="follower-count">
          {t('detail.followers', { n: speaker.follower_count })}
        </span>
        <FollowButton speakerId={speaker.id} following={speaker.is_follow} />
      </div>
    </header>
  );
}

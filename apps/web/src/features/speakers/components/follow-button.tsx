import { useTranslation } from 'react-i18next';
import { useFollowSpeaker } from '../api/speakers';

/**
 * Follow / unfollow: a member action (anonymous visitors get the confirm-login dialog; Cancel does
 * nothing). The flag and the count change only when the server answers code 0.
 */
export function FollowButton({ speakerId, following }: { speakerId: number; following: boolean }) {
  const { t } = useTranslation('speaker');
  const follow = useFollowSpeaker(speakerId);
  const onClick = () => follow.toggle(!following, following ? t('follow.unfollowed') : t('follow.followed'));
  return (
    <button
      type="button"
      className={`button speaker-follow${following ? '' : ' button--primary'}`}
      aria-pressed={following}
      aria-disabled={follow.isPending || undefined}
      onClick={onClick}
      data-testid="follow-button"
    >
      {following ? t('follow.following') : t('follow.follow')}
    </button>
  );
}

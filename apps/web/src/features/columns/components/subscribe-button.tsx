import { useTranslation } from 'react-i18next';
import { useSubscribe } from '../api/columns';

/**
 * Subscription card follow (spec §4): '+ 关注' / '已关注'. Anonymous visitors get the confirm-login
 * dialog (Cancel does nothing); the flag and the count change only when the server answers code 0.
 */
export function SubscribeButton({ id, isFollow }: { id: number; isFollow: boolean }) {
  const { t } = useTranslation('member');
  const subscribe = useSubscribe(id);
  const onClick = () => subscribe.toggle(!isFollow, isFollow ? t('column.unfollowed') : t('column.followed'));
  return (
    <button
      type="button"
      className={`button column-follow${isFollow ? ' column-follow--on' : ''}`}
      aria-pressed={isFollow}
      aria-disabled={subscribe.isPending || undefined}
      onClick={onClick}
    >
      {isFollow ? t('column.following') : t('column.follow')}
    </button>
  );
}

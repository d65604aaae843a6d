import { useTranslation } from 'react-i18next';
import { useLikeNews } from '../api/news';

/**
 * Like / unlike: a member action (anonymous visitors get the confirm-login dialog; Cancel does
 * nothing). The count changes only when the server answers code 0.
 */
export function LikeButton({ newsId, liked, likes }: { newsId: number; liked: boolean; likes: number }) {
  const { t } = useTranslation('news');
  const like = useLikeNews(newsId);
  const onClick = () => like.toggle(!liked, liked ? t('detail.unlikedAnnounce') : t('detail.likedAnnounce'));
  return (
    <button
      type="button"
      className={`button news-like${liked ? ' news-like--on' : ''}`}
      aria-pressed={liked}
      aria-disabled={like.isPending || undefined}
      onClick={onClick}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? t('detail.liked') : t('detail.like')}{' '}
      <span className="news-like__count" data-testid="like-count">
        {likes}
      </span>
    </button>
  );
}

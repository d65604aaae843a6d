import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { requireMember } from '../../../shared/session';
import { showNotice } from '../../../shared/ui/notice-store';
import { usePaperFavorite } from '../api/topics';

/** Favourite a paper: a member action (anonymous visitors get the confirm-login dialog). */
export function PaperFavoriteButton({ paperId, favorite }: { paperId: number; favorite: boolean }) {
  const { t } = useTranslation('topic');
  const mutation = usePaperFavorite(paperId);
  return (
    <button
      type="button"
      className={`button${favorite ? '' : ' button--primary'}`}
      aria-pressed={favorite}
      disabled={mutation.isPending}
      data-testid="favorite-button"
      onClick={() => requireMember(() => mutation.mutate(!favorite, { onError: (error) => showNotice(errorText(error)) }))}
    >
      {favorite ? t('paper.favorited') : t('paper.favorite')}
    </button>
  );
}

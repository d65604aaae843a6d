import { useTranslation } from 'react-i18next';
import type { MemberToggle } from '../hooks/use-member-toggle';

/**
 * Favourite an item: a member action (anonymous visitors get the confirm-login dialog). The flag
 * comes from the server's answer held in the detail query, so it flips only on success.
 */
export function FavoriteButton({ favorite, mutation, label }: { favorite: boolean; mutation: MemberToggle; label: { add: string; added: string } }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={`button${favorite ? '' : ' button--primary'}`}
      aria-pressed={favorite}
      aria-disabled={mutation.isPending || undefined}
      data-testid="favorite-button"
      onClick={() => mutation.toggle(!favorite, favorite ? t('announce.favoriteRemoved') : t('announce.favoriteAdded'))}
    >
      {favorite ? label.added : label.add}
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { detectHost, nativeBridge } from '../bridge';

export interface ShareButtonProps {
  kind: 'live' | 'news' | 'speaker';
  id: number;
  /** What the native app's share sheet shows. */
  title: string;
  desc?: string;
  /** The item's own page (site path); its absolute address is shared. */
  path: string;
  image?: string | null;
  className?: string;
}

const absolute = (url: string) => new URL(url, window.location.origin).toString();

/**
 * Share (spec §2 /share_card, §7 bridge action 12): in a browser it opens the item's share poster;
 * inside the native app the app's own share sheet gets the title, description, link and image.
 */
export function ShareButton({ kind, id, title, desc, path, image, className = 'button' }: ShareButtonProps) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const onClick = () => {
    if (detectHost() === 'native') {
      nativeBridge.share({ title, desc: desc ?? '', url: absolute(path), ...(image ? { image: absolute(image) } : {}) });
      return;
    }
    void navigate(paths.shareCard.getHref(kind, id));
  };
  return (
    <button type="button" className={className} onClick={onClick} data-testid="share-button">
      {t('share.share')}
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { safeExternalUrl } from '../../../shared/actions';
import { ChevronDownIcon, GridIcon } from '../../../shared/ui/icons';
import { Image } from '../../../shared/ui/image';
import { useMenuButton } from '../../../shared/ui/menu-button';
import { useRelateSites } from '../api/get-relate-sites';

/** "All products": a menu button whose menu links to the sister products. */
export function ProductsMenu() {
  const { t } = useTranslation('layout');
  const { data } = useRelateSites();
  const menu = useMenuButton();

  const sites = (data?.items ?? []).filter((s) => safeExternalUrl(s.url));
  if (sites.length === 0) return null;

  return (
    <div className="products-menu" {...menu.rootProps} data-chrome="products">
      <button {...menu.buttonProps} className="navbar__icon-button">
        <GridIcon />
        <span className="navbar__icon-label">{t('products.button')}</span>
        <ChevronDownIcon />
      </button>
      <ul {...menu.menuProps} className="products-menu__panel popover">
        {sites.map((site) => (
          <li key={site.id} role="none">
            <a {...menu.itemProps} href={safeExternalUrl(site.url) ?? undefined} target="_blank" rel="noopener noreferrer">
              <Image src={site.icon} alt="" width={32} height={32} className="products-menu__icon" />
              <span>
                <strong>{site.title}</strong>
                {site.desc ? <small>{site.desc}</small> : null}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ProductsMenu } from './products-menu';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

const NAV_ITEMS = [
  { key: 'home', href: paths.home.getHref(), end: true },
  { key: 'live', href: paths.live.getHref(), end: false },
  { key: 'course', href: paths.course.getHref(), end: false },
  { key: 'topic', href: paths.topic.getHref(), end: false },
  { key: 'column', href: paths.column.getHref(), end: false },
] as const;

/** Logo, main entries, search, all products and the account area. */
export function NavBar() {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <div className="navbar">
      <div className="container navbar__inner">
        <Link to={paths.home.getHref()} className="navbar__logo" aria-label={t('layout:nav.logo', { name: t('common:brand') })}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('common:brand')}</span>
        </Link>
        <nav className="navbar__nav" aria-label={t('layout:nav.label')} data-chrome="main-nav">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <NavLink to={item.href} end={item.end} className="navbar__link" data-nav={item.key}>
                  {t(`layout:nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="navbar__tools">
          <SearchBox />
          <ProductsMenu />
          <UserMenu />
        </div>
      </div>
    </div>
  );
}

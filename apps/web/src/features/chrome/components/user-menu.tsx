import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../shared/session';
import { ChevronDownIcon, UserIcon } from '../../../shared/ui/icons';
import { Image } from '../../../shared/ui/image';
import { useMenuButton } from '../../../shared/ui/menu-button';
import { useHereUrl } from '../../../shared/hooks/use-origin';

/** The avatar with its menu when logged in; otherwise a login link back to this page. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const menu = useMenuButton();
  const here = useHereUrl();

  if (session.status !== 'authenticated') {
    return (
      <a className="navbar__login button button--primary" href={paths.login.getHref(here)} data-chrome="login-link">
        {t('user.login')}
      </a>
    );
  }

  const name = session.userInfo?.nickname || t('user.defaultName');
  return (
    <div className="user-menu" {...menu.rootProps} data-chrome="user-menu">
      <button {...menu.buttonProps} className="user-menu__button" aria-label={t('user.menu', { name })}>
        {session.userInfo?.avatar_url ? (
          <Image src={session.userInfo.avatar_url} alt="" width={32} height={32} className="avatar" />
        ) : (
          <span className="avatar avatar--placeholder">
            <UserIcon />
          </span>
        )}
        <span className="user-menu__name" aria-hidden="true">
          {name}
        </span>
        <ChevronDownIcon />
      </button>
      <ul {...menu.menuProps} className="user-menu__panel popover">
        <li role="none">
          <Link to={paths.user.myinfo.getHref()} {...menu.itemProps}>
            {t('user.myinfo')}
          </Link>
        </li>
        <li role="none">
          <Link to={paths.changePassword.getHref()} {...menu.itemProps}>
            {t('user.changePassword')}
          </Link>
        </li>
        <li role="none">
          <Link to={paths.logout.getHref()} {...menu.itemProps}>
            {t('user.logout')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

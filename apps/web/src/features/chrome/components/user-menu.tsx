import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useDismiss } from '../../../shared/hooks/use-dismiss';
import { useSession } from '../../../shared/session';
import { ChevronDownIcon, UserIcon } from '../../../shared/ui/icons';
import { Image } from '../../../shared/ui/image';

/** The avatar with its menu when logged in; otherwise a login link back to this page. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  if (session.status !== 'authenticated') {
    const here = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
    return (
      <a className="navbar__login button button--primary" href={paths.login.getHref(here)} data-chrome="login-link">
        {t('user.login')}
      </a>
    );
  }

  const name = session.userInfo?.nickname || t('user.defaultName');
  return (
    <div
      className="user-menu"
      ref={rootRef}
      data-chrome="user-menu"
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('user.menu', { name })}
        onClick={() => setOpen((v) => !v)}
      >
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
      <ul id={menuId} className="user-menu__panel popover" hidden={!open}>
        <li>
          <Link to={paths.user.myinfo.getHref()} onClick={close}>
            {t('user.myinfo')}
          </Link>
        </li>
        <li>
          <Link to={paths.changePassword.getHref()} onClick={close}>
            {t('user.changePassword')}
          </Link>
        </li>
        <li>
          <Link to={paths.logout.getHref()} onClick={close}>
            {t('user.logout')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

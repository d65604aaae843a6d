import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { Image } from '../../../shared/ui/image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { Skeleton } from '../../../shared/ui/skeleton';
import { usePersonalInfo, useServiceAgent } from '../api/user-center';
import '../user-center.css';

const LINKS = [
  { to: paths.user.myinfo.getHref(), key: 'myinfo' },
  { to: paths.user.mycourse.getHref(), key: 'mycourse' },
  { to: paths.user.watch.getHref(), key: 'watch' },
  { to: paths.user.collect.getHref(), key: 'collect' },
  { to: paths.user.history.getHref(), key: 'history' },
  { to: paths.user.order.getHref(), key: 'order' },
  // The wallet's own pages (recharge, withdrawals, bill, vouchers) keep its link marked.
  { to: paths.user.wallet.getHref(), key: 'wallet', also: ['/wallet/', paths.bill.getHref(), paths.voucher.getHref()] },
  { to: paths.user.coupon.getHref(), key: 'coupon' },
  { to: paths.credit.getHref(), key: 'credit' },
  // Creating and editing a meeting keep "my meetings" marked.
  { to: paths.myMeeting.getHref(), key: 'meetings', also: ['/meeting/'] },
  { to: paths.user.cert.getHref(), key: 'cert' },
] as const;

function Profile() {
  const { t } = useTranslation('member');
  const info = usePersonalInfo();
  if (info.isPending) return <Skeleton height={72} />;
  if (info.isError) return null;
  const me = info.data;
  return (
    <div className="user-center__profile">
      <Image src={me.avatar_url} alt="" className="user-center__avatar" width={64} height={64} />
      <div>
        <p className="user-center__nickname">{me.nickname}</p>
        <p className="user-center__points">
          <Link to={paths.credit.getHref()} data-testid="sidebar-points">
            {t('center.points', { count: me.availablescore })}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** For members with the service role: the agents' page, with what waits unread. */
function ServiceDeskLink() {
  const { t } = useTranslation('member');
  const me = useServiceAgent();
  if (!me.data?.agent) return null;
  return (
    <li>
      <NavLink to={paths.serviceDesk.getHref()} className={({ isActive }) => `user-center__link${isActive ? ' is-active' : ''}`} data-testid="service-desk-link">
        {t('center.links.serviceDesk')}
        {me.data.total_unread > 0 ? <span className="user-center__badge">{t('center.unread', { count: me.data.total_unread })}</span> : null}
      </NavLink>
    </li>
  );
}

/**
 * The personal centre (`/user/*`, login needed): a sidebar with the member's avatar, nickname and
 * points and the centre's pages. The layout stays mounted while its pages change, and their lists
 * come back from the query cache with the scroll position (kept alive).
 */
export function UserCenterLayout() {
  const { t } = useTranslation('member');
  const { pathname } = useLocation();
  return (
    <div className="container user-center">
      <aside className="user-center__side" aria-label={t('center.sidebar')}>
        <Profile />
        <nav aria-label={t('center.nav')}>
          <ul className="user-center__nav">
            {LINKS.map((l) => (
              <li key={l.key}>
                <NavLink
                  to={l.to}
                  className={({ isActive }) => `user-center__link${isActive || ('also' in l && l.also.some((p) => pathname.startsWith(p))) ? ' is-active' : ''}`}
                >
                  {t(`center.links.${l.key}`)}
                </NavLink>
              </li>
            ))}
            <ServiceDeskLink />
          </ul>
        </nav>
      </aside>
      <div className="user-center__main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

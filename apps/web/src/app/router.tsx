import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { relateSitesQueryOptions } from '../features/chrome/api/get-relate-sites';
import { siteConfigQueryOptions } from '../shared/site-config';
import { homeBlocksQueryOptions } from '../features/home/api/get-home-blocks';
import { sideBannersQueryOptions } from '../features/home/api/get-side-banners';
import { RouteErrorView } from '../features/errors/components/route-error-view';
import { isNotFoundError, PAGE_KEY_PATTERN, productPageQueryOptions } from '../features/site-pages/api/site-pages';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { currentLanguage, loadNamespaces } from '../shared/i18n';
import { requireLogin } from '../shared/session-guard';
import type { RouteHandle } from './document-title';
import { RootError } from './layouts/root-error';
import { RootLayout } from './layouts/root-layout';
import { PageFallback } from '../shared/ui/page-fallback';
import { SiteLayout } from './layouts/site-layout';
import { BareLayout } from './layouts/bare-layout';
import { queryClient } from '../shared/query-client';

/**
 * Starts a query without holding up navigation: the page renders its skeleton and the data
 * arrives through the same cache entry. A failure is left for the page to show with a retry.
 */
function prime(loading: Promise<unknown>): void {
  loading.catch(() => undefined);
}

const notFoundHandle: RouteHandle = { title: 'errors:notFound.title' };

const title = (key: string): RouteHandle => ({ title: `auth:titles.${key}` });

// Account pages: every module is its own lazy chunk with its loader (text, login guard).
const accountPage = {
  login: () => import('../features/auth/pages/login-page'),
  logout: () => import('../features/auth/pages/logout-page'),
  register: () => import('../features/auth/pages/register-page'),
  wechatAuth: () => import('../features/auth/pages/wechat-auth-page'),
  wxAuth: () => import('../features/auth/pages/wx-auth-page'),
  changePassword: () => import('../features/auth/pages/change-password-page'),
  forget: () => import('../features/auth/pages/forget-page'),
  payPassword: () => import('../features/auth/pages/pay-password-page'),
  forgetPayPassword: () => import('../features/auth/pages/forget-pay-password-page'),
  cancellation: () => import('../features/auth/pages/cancellation-page'),
  devOutbox: () => import('../features/auth/pages/dev-outbox-page'),
};
type ImproveModule = Awaited<ReturnType<typeof importImprove>>;
const importImprove = () => import('../features/auth/pages/improve-page');
const improvePage = (pick: (m: ImproveModule) => RouteObject['Component']) => () =>
  importImprove().then((m) => ({ Component: pick(m), loader: m.loader }));

// Course pages: the lists in one lazy chunk, a course's page (detail, mobile detail) in another.
const coursePages = () => import('../features/courses/pages/course-routes');
const courseDetailPages = () => import('../features/courses/pages/course-detail-routes');
const courseTitle = (key: string): RouteHandle => ({ title: `course:titles.${key}` });

/** Account pages with the site chrome. */
const siteAccountRoutes: RouteObject[] = [
  { path: paths.login.path, handle: title('login'), lazy: accountPage.login },
  { path: paths.logout.path, handle: title('logout'), lazy: accountPage.logout },
  { path: paths.register.path, handle: title('register'), lazy: accountPage.register },
  { path: paths.wechatAuth.path, handle: title('wechatAuth'), lazy: accountPage.wechatAuth },
  { path: paths.changePassword.path, handle: title('changePassword'), lazy: accountPage.changePassword },
  { path: paths.forget.path, handle: title('forget'), lazy: accountPage.forget },
  { path: paths.payPassword.path, handle: title('payPassword'), lazy: accountPage.payPassword },
  { path: paths.forgetPayPassword.path, handle: title('forgetPayPassword'), lazy: accountPage.forgetPayPassword },
  { path: paths.accountCancellation.path, handle: title('cancellation'), lazy: accountPage.cancellation },
  { path: paths.improve.info.path, handle: title('improveInfo'), lazy: improvePage((m) => m.InfoPage) },
  { path: paths.improve.currency.path, handle: title('improveCurrency'), lazy: improvePage((m) => m.CurrencyPage) },
  { path: paths.improve.infoVj.path, handle: title('improveInfoVj'), lazy: improvePage((m) => m.InfoVjPage) },
  { path: paths.improve.infoJeadv.path, handle: title('improveInfoJeadv'), lazy: improvePage((m) => m.InfoJeadvPage) },
  // Always registered: the page says "not available" where the server has no dev endpoints.
  { path: paths.devOutbox.path, handle: title('devOutbox'), lazy: accountPage.devOutbox },
];

// Site documents, the contact page and the sister products' landing pages (one lazy chunk).
const sitePages = () => import('../features/site-pages/pages/document-page');
const pagesTitle = (key: string): RouteHandle => ({ title: `pages:titles.${key}` });

/**
 * `/{product}`: any single segment no static route claims. Unknown products are the 404 page,
 * answered before the page renders so the catch-all behaves as before for every other path.
 */
async function productLoader({ params }: LoaderFunctionArgs): Promise<null> {
  const key = params.product ?? '';
  if (!PAGE_KEY_PATTERN.test(key)) throw data(null, { status: 404 });
  const [, result] = await Promise.allSettled([
    loadNamespaces('pages'),
    queryClient.ensureQueryData(productPageQueryOptions(key, currentLanguage())),
  ]);
  // Other failures (network) leave the page to show its retry.
  if (result.status === 'rejected' && isNotFoundError(result.reason)) throw data(null, { status: 404 });
  return null;
}

// Author voice: every page and its `/w` web-view variant share one lazy chunk (texts: `authorVoice`).
const voicePages = () => import('../features/author-voice/pages/author-voice-routes');
const voiceTitle = (key: string): RouteHandle => ({ title: `authorVoice:titles.${key}` });

const speakerTitle = (key: string): RouteHandle => ({ title: `speaker:titles.${key}` });

/** Speakers (lazy chunks; each module's loader brings the `speaker` text, the followed list also the login guard). */
const speakerRoutes: RouteObject[] = [
  { path: paths.speaker.path, handle: speakerTitle('follows'), lazy: () => import('../features/speakers/pages/my-follows-page') },
  { path: paths.speakerInfo.path, handle: speakerTitle('info'), lazy: () => import('../features/speakers/pages/speaker-info-page') },
  { path: paths.speakerDetail.path, handle: speakerTitle('detail'), lazy: () => import('../features/speakers/pages/speaker-detail-page') },
  { path: paths.hospital.path, handle: speakerTitle('hospital'), lazy: () => import('../features/speakers/pages/place-page').then((m) => m.hospitalRoute) },
  { path: paths.organizer.path, handle: speakerTitle('organizer'), lazy: () => import('../features/speakers/pages/place-page').then((m) => m.organizerRoute) },
  { path: paths.keywords.path, handle: speakerTitle('keyword'), lazy: () => import('../features/speakers/pages/place-page').then((m) => m.keywordRoute) },
];

const memberTitle = (key: string): RouteHandle => ({ title: `member:titles.${key}` });

// The personal centre: its layout and own pages are one lazy chunk (texts: `member`).
const userCenter = () => import('../features/user-center/pages/user-center-routes');

// Money pages (wallet, orders, coupons, recharge, bill): one lazy chunk with the `money` texts.
const moneyPages = () => import('../features/money/pages/money-routes');
const moneyTitle = (key: string): RouteHandle => ({ title: `money:titles.${key}` });
// Rewards pages (points, sign-in, vouchers, bank cards, withdrawals): one lazy chunk with the `rewards` texts.
const rewardsPages = () => import('../features/rewards/pages/rewards-routes');
const rewardsTitle = (key: string): RouteHandle => ({ title: `rewards:titles.${key}` });
const moneyRewardsRoutes: RouteObject[] = [
  { path: paths.wallet.recharge.path, handle: moneyTitle('recharge'), lazy: () => moneyPages().then((m) => m.rechargeRoute) },
  { path: paths.wallet.cash.path, handle: rewardsTitle('cash'), lazy: () => rewardsPages().then((m) => m.cashRoute) },
  { path: paths.wallet.account.path, handle: rewardsTitle('cards'), lazy: () => rewardsPages().then((m) => m.cardsRoute) },
  { path: paths.wallet.addAccount.path, handle: rewardsTitle('addCard'), lazy: () => rewardsPages().then((m) => m.addCardRoute) },
  { path: paths.wallet.bind.path, handle: rewardsTitle('addCard'), lazy: () => rewardsPages().then((m) => m.addCardRoute) },
  { path: paths.wallet.withdrawal.path, handle: rewardsTitle('withdrawals'), lazy: () => rewardsPages().then((m) => m.withdrawalsRoute) },
  { path: paths.bill.path, handle: moneyTitle('bill'), lazy: () => moneyPages().then((m) => m.billRoute) },
  { path: paths.credit.path, handle: rewardsTitle('credit'), lazy: () => rewardsPages().then((m) => m.creditRoute) },
  { path: paths.creditRule.path, handle: rewardsTitle('creditRule'), lazy: () => rewardsPages().then((m) => m.creditRuleRoute) },
  { path: paths.creditActivity.path, handle: memberTitle('creditActivity'), lazy: () => import('../features/certificates/pages/credit-activity-page') },
  { path: paths.voucher.path, handle: rewardsTitle('voucher'), lazy: () => rewardsPages().then((m) => m.voucherRoute) },
];

// My meetings, the meeting form, joining and the host's launch: one lazy chunk with the `meeting` texts.
const meetingPages = () => import('../features/meetings/pages/meeting-routes');
const meetingTitle = (key: string): RouteHandle => ({ title: `meeting:titles.${key}` });
/** Login needed, shown in the personal centre's layout. */
const meetingCenterRoutes: RouteObject[] = [
  { path: paths.myMeeting.path, handle: meetingTitle('mine'), lazy: () => meetingPages().then((m) => m.myMeetingsRoute) },
  { path: paths.meetingCreate.path, handle: meetingTitle('create'), lazy: () => meetingPages().then((m) => m.createRoute) },
  { path: paths.meetingEdit.path, handle: meetingTitle('edit'), lazy: () => meetingPages().then((m) => m.editRoute) },
];

// Topic pages (list and phone layout share one chunk) and the paper page, with the `topic` texts.
const topicPages = () => import('../features/topics/pages/topic-page');
const topicTitle = (key: string): RouteHandle => ({ title: `topic:titles.${key}` });

const newsTitle = (key: string): RouteHandle => ({ title: `news:titles.${key}` });

// Selected-content channels and themed special albums: one lazy chunk (the player's is apart), with the `selected` texts.
const channelPages = () => import('../features/selected/pages/channel-routes');
const specialPages = () => import('../features/selected/pages/special-routes');
const selectedTitle = (key: string): RouteHandle => ({ title: `selected:titles.${key}` });

/** A channel's layout and sub-pages; the hotspot page exists on the hemonc channel only (elsewhere the URL is a 404). */
function channelRoutes(slug: 'vjhemonc' | 'vjoncology'): RouteObject {
  const base = paths[slug].path;
  const tagPages = slug === 'vjhemonc' ? (['special', 'hotspot', 'field', 'meetings'] as const) : (['special', 'field', 'meetings'] as const);
  return {
    path: base,
    handle: selectedTitle('channel'),
    lazy: () => channelPages().then((m) => m.channelLayoutRoute(slug)),
    children: [
      { index: true, lazy: () => channelPages().then((m) => m.channelHomeRoute) },
      ...tagPages.map((page) => ({ path: `${base}/${page}`, handle: selectedTitle(page), lazy: () => channelPages().then((m) => m.channelTagRoute(page)) })),
      { path: `${base}/search`, handle: selectedTitle('search'), lazy: () => channelPages().then((m) => m.channelSearchRoute) },
      { path: `${base}/about`, handle: selectedTitle('about'), lazy: () => channelPages().then((m) => m.channelDocRoute('about')) },
      { path: `${base}/copyright`, handle: selectedTitle('copyright'), lazy: () => channelPages().then((m) => m.channelDocRoute('copyright')) },
      { path: `${base}/video/:id`, handle: selectedTitle('video'), lazy: () => import('../features/selected/pages/video-page') },
    ],
  };
}

const specialRoutes: RouteObject = {
  path: paths.special.path,
  handle: selectedTitle('album'),
  lazy: () => specialPages().then((m) => m.specialLayoutRoute),
  children: [
    { index: true, lazy: () => specialPages().then((m) => m.albumHomeRoute) },
    ...(['topic', 'field', 'meetings'] as const).map((menu) => ({
      path: `${paths.special.path}/${menu}`,
      lazy: () => specialPages().then((m) => m.albumTagRoute(menu)),
    })),
    { path: `${paths.special.path}/search`, lazy: () => specialPages().then((m) => m.albumSearchRoute) },
    { path: `${paths.special.path}/about`, lazy: () => specialPages().then((m) => m.albumDocRoute('about')) },
    { path: `${paths.special.path}/copyright`, lazy: () => specialPages().then((m) => m.albumDocRoute('copyright')) },
  ],
};


/** News (lazy chunks; each module's loader brings the `news` text, my comments also the login guard). */
const newsRoutes: RouteObject[] = [
  { path: paths.news.path, handle: newsTitle('news'), lazy: () => import('../features/news/pages/news-page') },
  { path: paths.newsMyComments.path, handle: newsTitle('myComments'), lazy: () => import('../features/news/pages/my-comments-page') },
  { path: paths.newsDetail.path, handle: newsTitle('newsDetail'), lazy: () => import('../features/news/pages/news-detail-page') },
  { path: paths.newsCategory.path, handle: newsTitle('newsCategory'), lazy: () => import('../features/news/pages/news-category-page') },
];

/** Without site chrome: the phone's WeChat consent page and the app web-view (`/w`) variants. */
const bareAccountRoutes: RouteObject[] = [
  { path: paths.wechatConsent.path, handle: title('wxAuth'), lazy: accountPage.wxAuth },
  { path: paths.changePasswordBare.path, handle: title('changePassword'), lazy: accountPage.changePassword },
  { path: paths.forgetBare.path, handle: title('forget'), lazy: accountPage.forget },
  { path: paths.payPasswordBare.path, handle: title('payPassword'), lazy: accountPage.payPassword },
  { path: paths.forgetPayPasswordBare.path, handle: title('forgetPayPassword'), lazy: accountPage.forgetPayPassword },
];

/**
 * Every route's path comes from config/paths.ts (absolute: the layouts above them have no path of
 * their own), so a link built with `getHref` and the route that answers it cannot drift apart.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageFallback,
    children: [
      {
        id: 'site',
        Component: SiteLayout,
        ErrorBoundary: RouteErrorView,
        loader: () => {
          const lang = currentLanguage();
          prime(queryClient.ensureQueryData(relateSitesQueryOptions(lang)));
          prime(queryClient.ensureQueryData(siteConfigQueryOptions(lang)));
          return null;
        },
        children: [
          {
            index: true,
            handle: { title: 'home:title' } satisfies RouteHandle,
            loader: async () => {
              const lang = currentLanguage();
              prime(queryClient.ensureQueryData(homeBlocksQueryOptions(lang)));
              prime(queryClient.ensureQueryData(sideBannersQueryOptions(lang)));
              await loadNamespaces('home');
              return null;
            },
            lazy: () => import('../features/home/pages/home-route'),
          },
          {
            path: paths.error.path,
            handle: { title: 'errors:errorPage.title' } satisfies RouteHandle,
            lazy: () => import('../features/errors/pages/error-page'),
          },
          ...siteAccountRoutes,
          ...newsRoutes,
          ...speakerRoutes,
          { path: paths.course.path, handle: courseTitle('list'), lazy: () => coursePages().then((m) => m.listRoute) },
          { path: paths.courseMore.path, handle: courseTitle('more'), lazy: () => coursePages().then((m) => m.moreRoute) },
          { path: paths.courseDetail.path, handle: courseTitle('detail'), lazy: () => courseDetailPages().then((m) => m.detailRoute) },
          { path: paths.authorVoice.home.path, handle: voiceTitle('home'), lazy: () => voicePages().then((m) => m.homeRoute) },
          { path: paths.authorVoice.inter.path, handle: voiceTitle('inter'), lazy: () => voicePages().then((m) => m.interRoute) },
          { path: paths.authorVoice.list.path, handle: voiceTitle('list'), lazy: () => voicePages().then((m) => m.listRoute) },
          { path: paths.authorVoice.about.path, handle: voiceTitle('about'), lazy: () => voicePages().then((m) => m.aboutRoute) },
          { path: paths.courseAlbum.path, handle: courseTitle('album'), lazy: () => coursePages().then((m) => m.albumRoute) },
          { path: paths.live.path, handle: { title: 'live:titles.live' } satisfies RouteHandle, lazy: () => import('../features/lives/pages/live-page') },
          { path: paths.liveHistory.path, handle: { title: 'live:titles.history' } satisfies RouteHandle, lazy: () => import('../features/lives/pages/live-history-page') },
          { path: paths.column.path, handle: memberTitle('column'), lazy: () => import('../features/columns/pages/column-page') },
          { path: paths.search.path, handle: { title: 'search:titles.search' } satisfies RouteHandle, lazy: () => import('../features/search/pages/search-page') },
          { path: paths.topic.path, handle: topicTitle('topics'), lazy: () => topicPages().then((m) => m.topicRoute) },
          { path: paths.paperDetail.path, handle: topicTitle('paper'), lazy: () => import('../features/topics/pages/paper-page') },
          channelRoutes('vjhemonc'),
          channelRoutes('vjoncology'),
          specialRoutes,
          { path: paths.meetingCalendar.path, handle: meetingTitle('calendar'), lazy: () => import('../features/meeting-calendar/pages/calendar-page') },
          { path: paths.meetingCalendarDetail.path, handle: meetingTitle('detail'), lazy: () => import('../features/meeting-calendar/pages/congress-page') },
          { path: paths.meetingCollect.path, handle: meetingTitle('collect'), lazy: () => import('../features/meeting-calendar/pages/collect-page') },
          { path: paths.aboutUs.path, handle: pagesTitle('about'), lazy: () => sitePages().then((m) => m.aboutRoute) },
          { path: paths.contract.path, handle: pagesTitle('contract'), lazy: () => sitePages().then((m) => m.contractRoute) },
          { path: paths.privacy.path, handle: pagesTitle('privacy'), lazy: () => sitePages().then((m) => m.privacyRoute) },
          { path: paths.shareCard.path, handle: pagesTitle('share'), loader: () => loadNamespaces('pages').then(() => null), lazy: () => import('../features/share/pages/share-card-page') },
          { path: paths.redirect.path, handle: pagesTitle('redirect'), loader: () => loadNamespaces('pages').then(() => null), lazy: () => import('../features/share/pages/redirect-page') },
          { path: paths.testJssdk.path, handle: pagesTitle('jssdk'), loader: () => loadNamespaces('pages').then(() => null), lazy: () => import('../features/share/pages/testjssdk-page') },
          {
            path: paths.contactUs.path,
            handle: pagesTitle('contact'),
            lazy: () => import('../features/site-pages/pages/contact-page').then((m) => m.contactRoute),
          },
          // Online service (visitor and agents), the epidemic map and pre-event pages (the `support` texts).
          { path: paths.onlineService.path, handle: { title: 'support:titles.chat' } satisfies RouteHandle, lazy: () => import('../features/support/pages/online-service-page') },
          { path: paths.serviceDesk.path, handle: { title: 'support:titles.agent' } satisfies RouteHandle, lazy: () => import('../features/support/pages/service-desk-page') },
          { path: paths.covid19.path, handle: { title: 'support:titles.covid' } satisfies RouteHandle, lazy: () => import('../features/support/pages/covid19-page') },
          { path: paths.preAct.path, handle: { title: 'support:titles.preAct' } satisfies RouteHandle, lazy: () => import('../features/support/pages/pre-act-page') },
          {
            path: paths.product.path,
            handle: pagesTitle('product'),
            loader: productLoader,
            // Inside the chrome: an unknown product shows the 404 page like any unknown path.
            ErrorBoundary: RouteErrorView,
            lazy: () => import('../features/site-pages/pages/product-page').then((m) => ({ Component: m.Component })),
          },
          {
            // The personal centre needs a login; its layout (sidebar) stays mounted across its pages.
            path: paths.user.root.path,
            loader: requireLogin,
            children: [
              {
                id: 'user-center',
                lazy: () => userCenter().then((m) => m.layoutRoute),
                children: [
                  { index: true, lazy: () => userCenter().then((m) => m.indexRoute) },
                  { path: paths.user.myinfo.path, handle: title('myinfo'), lazy: () => import('../features/auth/pages/myinfo-page') },
                  { path: paths.user.mycourse.path, handle: memberTitle('mycourse'), lazy: () => userCenter().then((m) => m.myCourseRoute) },
                  { path: paths.user.watch.path, handle: memberTitle('watch'), lazy: () => userCenter().then((m) => m.watchRoute) },
                  { path: paths.user.history.path, handle: memberTitle('history'), lazy: () => import('../features/columns/pages/history-page') },
                  { path: paths.user.collect.path, handle: memberTitle('collect'), lazy: () => import('../features/columns/pages/collect-page') },
                  { path: paths.user.order.path, handle: moneyTitle('orders'), lazy: () => moneyPages().then((m) => m.ordersRoute) },
                  { path: paths.user.wallet.path, handle: moneyTitle('wallet'), lazy: () => moneyPages().then((m) => m.walletRoute) },
                  { path: paths.user.coupon.path, handle: moneyTitle('coupons'), lazy: () => moneyPages().then((m) => m.couponRoute) },
                  { path: paths.user.cert.path, handle: memberTitle('cert'), lazy: () => import('../features/certificates/pages/certificates-page') },
                ],
              },
              { id: 'user-not-found', path: paths.notFound.path, handle: notFoundHandle, Component: NotFoundPage },
            ],
          },
          {
            // Wallet, bill, credit, vouchers and withdrawals (money and rewards): login needed, shown in the personal centre's layout.
            loader: requireLogin,
            children: [
              {
                id: 'money-center',
                lazy: () => userCenter().then((m) => m.layoutRoute),
                children: moneyRewardsRoutes,
              },
            ],
          },
          {
            // My meetings and the meeting form: login needed, in the personal centre's layout.
            loader: requireLogin,
            children: [{ id: 'meeting-center', lazy: () => userCenter().then((m) => m.layoutRoute), children: meetingCenterRoutes }],
          },
          // Joining needs no login to look a meeting up; the page asks for one before entering.
          { path: paths.meetingJoin.path, handle: meetingTitle('join'), lazy: () => meetingPages().then((m) => m.joinRoute) },
          { path: paths.meetingJoinNumber.path, handle: meetingTitle('join'), lazy: () => meetingPages().then((m) => m.joinRoute) },
          {
            // Generic module target (spec §2): every static path of two segments ranks above it. Its
            // loader replaces the URL with the module's page; otherwise this is the 404 page.
            id: 'module-target',
            path: paths.moduleDetail.path,
            handle: notFoundHandle,
            Component: NotFoundPage,
            lazy: () => import('../features/topics/pages/module-target-route'),
          },
          // The 404 page is part of the entry chunk: the error boundary needs it anyway. The server
          // renders it with a 404 status (entry-server.tsx finds it by its id).
          { id: 'not-found', path: paths.notFound.path, handle: notFoundHandle, Component: NotFoundPage },
        ],
      },
      {
        id: 'bare',
        Component: BareLayout,
        ErrorBoundary: RouteErrorView,
        children: [
          ...bareAccountRoutes,
          { path: paths.courseH5.path, handle: courseTitle('detail'), lazy: () => courseDetailPages().then((m) => m.h5Route) },
          { path: paths.authorVoice.homeBare.path, handle: voiceTitle('home'), lazy: () => voicePages().then((m) => m.homeBareRoute) },
          { path: paths.authorVoice.interBare.path, handle: voiceTitle('inter'), lazy: () => voicePages().then((m) => m.interBareRoute) },
          { path: paths.authorVoice.listBare.path, handle: voiceTitle('list'), lazy: () => voicePages().then((m) => m.listBareRoute) },
          { path: paths.authorVoice.aboutBare.path, handle: voiceTitle('about'), lazy: () => voicePages().then((m) => m.aboutBareRoute) },
          { path: paths.topicH5.path, handle: topicTitle('topics'), lazy: () => topicPages().then((m) => m.topicH5Route) },
          { path: paths.aboutBare.path, handle: pagesTitle('about'), lazy: () => sitePages().then((m) => m.aboutBareRoute) },
          { path: paths.contractBare.path, handle: pagesTitle('contract'), lazy: () => sitePages().then((m) => m.contractBareRoute) },
          { path: paths.privacyBare.path, handle: pagesTitle('privacy'), lazy: () => sitePages().then((m) => m.privacyBareRoute) },
          { path: paths.privacySdk.path, handle: pagesTitle('sdk'), lazy: () => sitePages().then((m) => m.privacySdkRoute) },
          // The host's launch link opens in a browser, the app or a mini-program web-view alike.
          { path: paths.meetingLaunch.path, handle: meetingTitle('launch'), lazy: () => meetingPages().then((m) => m.launchRoute) },
          { path: paths.liveRoom.path, handle: { title: 'liveRoom:titles.room' } satisfies RouteHandle, lazy: () => import('../features/live-room/pages/live-room-page') },
          { path: paths.vod.path, handle: { title: 'liveRoom:titles.vod' } satisfies RouteHandle, lazy: () => import('../features/live-room/pages/vod-page') },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Every URL of the web app in one place (spec §2). `path` is the router pattern; `getHref`
 * builds a concrete link. Components never write URL literals of their own.
 */

const withQuery = (path: string, query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const id = (value: number | string) => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** Search results; `type` "all" and page 1 are the defaults and stay out of the URL. */
  search: {
    path: '/search',
    getHref: (txt?: string, q: { type?: string; page?: number } = {}) =>
      withQuery('/search', { txt, type: q.type === 'all' ? undefined : q.type, page: q.page && q.page > 1 ? q.page : undefined }),
  },
  login: {
    path: '/login',
    /** `callback` is the full URL to come back to after logging in. */
    getHref: (callback?: string) =>
      callback ? `/login?callback=${encodeURIComponent(callback)}` : '/login',
  },
  /** Share posters (spec §2): `/share_card/live?id=3`; `/share_card?type=live&id=3` too. */
  shareCard: {
    path: '/share_card/:kind?',
    getHref: (kind: 'live' | 'news' | 'speaker', itemId: number | string) => `/share_card/${kind}?id=${encodeURIComponent(String(itemId))}`,
  },
  /** Scan-to-watch: a signed link to a live shown as a QR at a congress. */
  redirect: { path: '/redirect', getHref: (token: string) => `/redirect?t=${encodeURIComponent(token)}` },
  /** The operators' JS-SDK test page. */
  testJssdk: { path: '/testjssdk', getHref: () => '/testjssdk' },
  logout: { path: '/logout', getHref: (callback?: string) => withQuery('/logout', { callback }) },
  register: { path: '/register', getHref: (callback?: string) => withQuery('/register', { callback }) },
  /** WeChat QR login page. */
  wechatAuth: { path: '/auth', getHref: (callback?: string) => withQuery('/auth', { callback }) },
  /** What the phone opens after scanning the QR: consent (sandbox) or WeChat's redirect. */
  wechatConsent: { path: '/wx/auth', getHref: () => '/wx/auth' },
  forget: { path: '/forget', getHref: (bare = false) => (bare ? '/forget/w' : '/forget') },
  forgetBare: { path: '/forget/w', getHref: () => '/forget/w' },
  changePasswordBare: { path: '/change_password/w', getHref: () => '/change_password/w' },
  payPassword: { path: '/pay_password', getHref: (bare = false) => (bare ? '/pay_password/w' : '/pay_password') },
  payPasswordBare: { path: '/pay_password/w', getHref: () => '/pay_password/w' },
  forgetPayPassword: { path: '/forget_paypwd', getHref: (bare = false) => (bare ? '/forget_paypwd/w' : '/forget_paypwd') },
  forgetPayPasswordBare: { path: '/forget_paypwd/w', getHref: () => '/forget_paypwd/w' },
  accountCancellation: { path: '/security/account/cancellation', getHref: () => '/security/account/cancellation' },
  improve: {
    info: { path: '/improve/info', getHref: () => '/improve/info' },
    currency: { path: '/improve/currency', getHref: () => '/improve/currency' },
    infoVj: { path: '/improve/info_vj', getHref: () => '/improve/info_vj' },
    infoJeadv: { path: '/improve/info_jeadv', getHref: () => '/improve/info_jeadv' },
  },
  /** Developer page: messages of the sandbox SMS/email outbox. */
  devOutbox: { path: '/dev/outbox', getHref: (to?: string) => withQuery('/dev/outbox', { to }) },

  course: { path: '/course', getHref: () => '/course' },
  courseDetail: { path: '/course/:id', getHref: (courseId: number | string) => `/course/${id(courseId)}` },
  courseMore: {
    path: '/course/more',
    getHref: (q: { dep_val?: string; title?: string }) => withQuery('/course/more', { dep_val: q.dep_val, title: q.title }),
  },
  /** A course album: banner, introduction and its courses. */
  courseAlbum: { path: '/course/album/:id', getHref: (albumId: number | string) => `/course/album/${id(albumId)}` },
  courseH5: { path: '/course_h5/:id', getHref: (courseId: number | string) => `/course_h5/${id(courseId)}` },

  live: { path: '/live', getHref: () => '/live' },
  liveHistory: { path: '/live/history', getHref: () => '/live/history' },
  liveRoom: { path: '/w/o/live/:id', getHref: (liveId: number | string) => `/w/o/live/${id(liveId)}` },
  vod: { path: '/w/o/vod/:id', getHref: (vodId: number | string) => `/w/o/vod/${id(vodId)}` },

  /** News tabs: the category is chosen by the URL hash (`/news#12`). */
  news: { path: '/news', getHref: (categoryId?: number | string) => (categoryId === undefined ? '/news' : `/news#${id(categoryId)}`) },
  newsMyComments: { path: '/news/my_comments', getHref: () => '/news/my_comments' },
  newsDetail: { path: '/news/:id', getHref: (newsId: number | string) => `/news/${id(newsId)}` },
  newsCategory: { path: '/news_cate/:id', getHref: (categoryId: number | string) => `/news_cate/${id(categoryId)}` },

  speaker: { path: '/speaker', getHref: () => '/speaker' },
  speakerDetail: { path: '/speaker/:id', getHref: (speakerId: number | string) => `/speaker/${id(speakerId)}` },
  hospital: { path: '/hospital/:id', getHref: (hospitalId: number | string) => `/hospital/${id(hospitalId)}` },
  organizer: { path: '/organizer/:id', getHref: (organizerId: number | string) => `/organizer/${id(organizerId)}` },
  keywords: { path: '/keywords/:id', getHref: (keywordId: number | string) => `/keywords/${id(keywordId)}` },
  /** The speaker's full introduction (`/speaker/info?id=`). */
  speakerInfo: { path: '/speaker/info', getHref: (speakerId: number | string) => withQuery('/speaker/info', { id: speakerId }) },

  column: { path: '/column/index', getHref: () => '/column/index' },
  /** Special topics; `?id=` selects a topic (the spec has no /topic/{id} route). */
  topic: { path: '/topic', getHref: (topicId?: number | string) => withQuery('/topic', { id: topicId }) },
  topicH5: { path: '/topic/h5', getHref: (topicId?: number | string) => withQuery('/topic/h5', { id: topicId }) },
  /** Selected-content channels of the video journals and their sub-pages (`sub`: special, hotspot, field, ...). */
  vjhemonc: { path: '/vjhemonc_selected', getHref: (sub?: string) => (sub ? `/vjhemonc_selected/${sub}` : '/vjhemonc_selected') },
  vjoncology: { path: '/vjoncology_selected', getHref: (sub?: string) => (sub ? `/vjoncology_selected/${sub}` : '/vjoncology_selected') },
  selectedVideo: { path: '/:channel/video/:id', getHref: (channel: string, videoId: number | string) => `/${channel}_selected/video/${id(videoId)}` },
  /** A themed special album (theme ids 1 and 3) and its sub-pages. */
  special: {
    path: '/special/:theme_id/:album_id',
    getHref: (themeId: number | string, albumId: number | string, sub?: string) => `/special/${id(themeId)}/${id(albumId)}${sub ? `/${sub}` : ''}`,
  },
  /** A paper's page: the generic module target of module `paper`. */
  /** The international meeting calendar (upcoming, or `?month=YYYY-MM`), a congress, my favourites. */
  meetingCalendar: { path: '/meeting/calendar', getHref: (month?: string) => withQuery('/meeting/calendar', { month }) },
  meetingCalendarDetail: { path: '/meeting/calendar/:id', getHref: (congressId: number | string) => `/meeting/calendar/${id(congressId)}` },
  meetingCollect: { path: '/meeting/collect', getHref: () => '/meeting/collect' },
  paperDetail: { path: '/paper/:id', getHref: (paperId: number | string) => `/paper/${id(paperId)}` },
  moduleDetail: {
    path: '/:module/:module_id',
    getHref: (module: string, moduleId: number | string) => `/${encodeURIComponent(module)}/${id(moduleId)}`,
  },

  user: {
    root: { path: '/user', getHref: () => '/user' },
    myinfo: { path: '/user/myinfo', getHref: () => '/user/myinfo' },
    mycourse: { path: '/user/mycourse', getHref: () => '/user/mycourse' },
    collect: { path: '/user/collect', getHref: () => '/user/collect' },
    watch: { path: '/user/watch', getHref: () => '/user/watch' },
    order: { path: '/user/order', getHref: () => '/user/order' },
    wallet: { path: '/user/wallet', getHref: () => '/user/wallet' },
    coupon: { path: '/user/coupon', getHref: () => '/user/coupon' },
    history: { path: '/user/history', getHref: () => '/user/history' },
    /** My certificates and the legal name and ID number they are issued to. */
    cert: { path: '/user/cert', getHref: () => '/user/cert' },
  },
  /** Wallet, bill, credit points and vouchers (login needed; shown inside the personal centre). */
  wallet: {
    recharge: { path: '/wallet/recharge', getHref: () => '/wallet/recharge' },
    cash: { path: '/wallet/cash', getHref: () => '/wallet/cash' },
    account: { path: '/wallet/account', getHref: () => '/wallet/account' },
    addAccount: { path: '/wallet/add_account', getHref: () => '/wallet/add_account' },
    bind: { path: '/wallet/bind', getHref: () => '/wallet/bind' },
    withdrawal: { path: '/wallet/withdrawal', getHref: () => '/wallet/withdrawal' },
  },
  bill: { path: '/bill', getHref: () => '/bill' },
  credit: { path: '/credit', getHref: () => '/credit' },
  creditRule: { path: '/credit/rule', getHref: () => '/credit/rule' },
  /** Continuing-education credit of one activity: requirements, post-test, evaluation, claim. */
  creditActivity: {
    path: '/credit/cme/:kind/:id',
    getHref: (kind: 'live' | 'meeting' | 'course' | 'series' | 'recording', activityId: number | string) => `/credit/cme/${kind}/${id(activityId)}`,
  },
  voucher: { path: '/voucher', getHref: () => '/voucher' },
  /** My meetings (login needed): tabs upcoming, live, ended. */
  myMeeting: { path: '/my_meeting', getHref: (tab?: string) => withQuery('/my_meeting', { tab: tab === 'upcoming' ? undefined : tab }) },
  meetingCreate: { path: '/meeting/create', getHref: () => '/meeting/create' },
  meetingEdit: { path: '/meeting/edit/:id', getHref: (meetingId: number | string) => `/meeting/edit/${id(meetingId)}` },
  /** Join by number: the form, or one meeting (the attendee link; the number as digits). */
  meetingJoin: { path: '/meeting/join', getHref: () => '/meeting/join' },
  meetingJoinNumber: { path: '/meeting/join/:number', getHref: (no: string) => `/meeting/join/${id(no.replace(/\D/g, ''))}` },
  /** Where a host's launch token opens the room. */
  meetingLaunch: { path: '/meeting/launch', getHref: (token: string) => withQuery('/meeting/launch', { token }) },
  changePassword: { path: '/change_password', getHref: (bare = false) => (bare ? '/change_password/w' : '/change_password') },

  /** Author voice (spec §2): each page also as a `/w` web-view variant without the site chrome. */
  authorVoice: {
    home: { path: '/author_voice', getHref: (q: { id?: number; bare?: boolean } = {}) => withQuery(q.bare ? '/author_voice/w' : '/author_voice', { id: q.id }) },
    homeBare: { path: '/author_voice/w', getHref: () => '/author_voice/w' },
    inter: { path: '/author_voice/inter', getHref: (q: { id?: number; page?: number; bare?: boolean } = {}) => withQuery(q.bare ? '/author_voice/inter/w' : '/author_voice/inter', { id: q.id, page: q.page && q.page > 1 ? q.page : undefined }) },
    interBare: { path: '/author_voice/inter/w', getHref: () => '/author_voice/inter/w' },
    about: { path: '/author_voice/about', getHref: (bare = false) => (bare ? '/author_voice/about/w' : '/author_voice/about') },
    aboutBare: { path: '/author_voice/about/w', getHref: () => '/author_voice/about/w' },
    list: {
      path: '/author_voice/list',
      getHref: (q: { field?: number; journal?: string; page?: number; bare?: boolean } = {}) =>
        withQuery(q.bare ? '/author_voice/list/w' : '/author_voice/list', { field: q.field, journal: q.journal, page: q.page && q.page > 1 ? q.page : undefined }),
    },
    listBare: { path: '/author_voice/list/w', getHref: () => '/author_voice/list/w' },
  },

  aboutUs: { path: '/about_us', getHref: () => '/about_us' },
  contactUs: { path: '/contact_us', getHref: () => '/contact_us' },
  /** The online service chat (the right bar's customer service) and the agents' page. */
  onlineService: { path: '/online_service_im', getHref: () => '/online_service_im' },
  serviceDesk: { path: '/online_service_im/agent', getHref: () => '/online_service_im/agent' },
  covid19: { path: '/covid19', getHref: () => '/covid19' },
  preAct: { path: '/pre_act/:id', getHref: (actId: number | string) => `/pre_act/${id(actId)}` },
  contract: { path: '/contract', getHref: () => '/contract' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  /** Web-view variants of the documents, without the site chrome. */
  aboutBare: { path: '/about/w', getHref: () => '/about/w' },
  contractBare: { path: '/contract/w', getHref: () => '/contract/w' },
  privacyBare: { path: '/privacy/w', getHref: () => '/privacy/w' },
  /** The app's third-party SDK list (a web-view page). */
  privacySdk: { path: '/privacy/sdk', getHref: () => '/privacy/sdk' },
  /** A sister product's landing page (`/creation`, `/meeting`, ...): every static path ranks above it. */
  product: { path: '/:product', getHref: (key: string) => `/${encodeURIComponent(key)}` },

  error: { path: '/error', getHref: () => '/error' },
  notFound: { path: '*', getHref: () => '/404' },
} as const;

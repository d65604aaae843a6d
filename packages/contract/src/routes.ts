/**
 * Every API route by name: method, path and whether it needs a login. This file is zod-free on
 * purpose: the web imports it (with `pathOf`) without pulling the schemas into the browser bundle,
 * and the server joins it with the schema map (`schemas` in api.ts) to register, validate and
 * document each route. A path is written here and nowhere else.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: `/v${number}/${string}`;
  /** Login needed: answers 200203 without a valid access token. */
  auth?: true;
  /**
   * Largest request body in KiB, when it differs from the server's default for API routes (16 with
   * a body schema: the contact form, the widest, is under 7; 4 without one).
   */
  bodyKb?: number;
}

export const routes = {
  // courses
  courseList: { method: 'GET', path: '/v1/pc/course' },
  courseDetail: { method: 'GET', path: '/v1/user/course/:id' },
  courseChapters: { method: 'GET', path: '/v2/user/course/:id/chapter' },
  seriesCourses: { method: 'GET', path: '/v1/user/course/:id/series_course' },
  moreCourse: { method: 'GET', path: '/v1/user/more_course' },
  userCourseList: { method: 'GET', path: '/v1/user/course' },
  courseSeriesOf: { method: 'GET', path: '/v1/user/course/:id/series' },
  courseAlbumList: { method: 'GET', path: '/v1/user/course_album' },
  courseAlbumDetail: { method: 'GET', path: '/v1/user/course_album/:id' },
  courseAlbumBar: { method: 'GET', path: '/v1/user/course_album_bar' },
  liveAgenda: { method: 'GET', path: '/v1/live/:id/agenda' },
  liveRelatedCourses: { method: 'GET', path: '/v1/live/:id/related_course' },
  guessLikeCourse: { method: 'GET', path: '/v1/guess_like_course' },
  courseAppraisals: { method: 'GET', path: '/v1/user/course/:id/appraise' },
  appraiseTags: { method: 'GET', path: '/v1/user/course/appraise_tag' },
  appraiseCourse: { method: 'POST', path: '/v1/user/course/:id/appraise', auth: true },
  courseLearnLog: { method: 'POST', path: '/v1/user/course/:id/learn_log', auth: true, bodyKb: 4 },
  courseLearnProgress: { method: 'GET', path: '/v1/user/course/:id/learn_progress', auth: true },
  chapterLearnProgress: { method: 'GET', path: '/v1/user/course/:id/chapter_learn_progress', auth: true },
  courseLearnRecord: { method: 'GET', path: '/v1/user/course/record', auth: true },
  // media
  liveAuthUrl: { method: 'GET', path: '/v1/live/:id/auth_url' },
  watchLog: { method: 'POST', path: '/v1/user/watch_log', auth: true, bodyKb: 4 },
  watchRecord: { method: 'GET', path: '/v1/user/watch_log', auth: true },
  // speakers
  speakerDetail: { method: 'GET', path: '/v1/user/speaker/:id' },
  speakerCourses: { method: 'GET', path: '/v1/speaker/:id/course' },
  speakerLives: { method: 'GET', path: '/v1/speaker/:id/live' },
  speakerLiveYears: { method: 'GET', path: '/v1/speaker/:id/live_years' },
  speakerNews: { method: 'GET', path: '/v1/speaker/:id/news' },
  speakerColumns: { method: 'GET', path: '/v1/speaker/:id/column' },
  speakerDocs: { method: 'GET', path: '/v1/speaker/:id/doc' },
  speakerList: { method: 'GET', path: '/v1/speaker' },
  speakerFollow: { method: 'PUT', path: '/v1/user/speaker/:id/follow', auth: true },
  myFollows: { method: 'GET', path: '/v1/user/follow', auth: true },
  // places
  regionList: { method: 'GET', path: '/v1/region' },
  hospitalList: { method: 'GET', path: '/v1/hospital' },
  hospitalDetail: { method: 'GET', path: '/v1/hospital/:id' },
  hospitalCourses: { method: 'GET', path: '/v1/hospital/:id/course' },
  hospitalLives: { method: 'GET', path: '/v1/hospital/:id/live' },
  hospitalNews: { method: 'GET', path: '/v1/hospital/:id/news' },
  hospitalSpeakers: { method: 'GET', path: '/v1/hospital/:id/speaker' },
  organizerDetail: { method: 'GET', path: '/v1/organizer/:id' },
  organizerCourses: { method: 'GET', path: '/v1/organizer/:id/course' },
  organizerLives: { method: 'GET', path: '/v1/organizer/:id/live' },
  organizerNews: { method: 'GET', path: '/v1/organizer/:id/news' },
  organizerSpeakers: { method: 'GET', path: '/v1/organizer/:id/speaker' },
  keywordDetail: { method: 'GET', path: '/v1/keyword/:id' },
  keywordCourses: { method: 'GET', path: '/v1/keyword/:id/course' },
  keywordLives: { method: 'GET', path: '/v1/keyword/:id/live' },
  keywordNews: { method: 'GET', path: '/v1/keyword/:id/news' },
  keywordSpeakers: { method: 'GET', path: '/v1/keyword/:id/speaker' },
  // member
  favoriteSet: { method: 'POST', path: '/v1/user/favorite', auth: true },
  favoriteList: { method: 'GET', path: '/v1/user/favorite', auth: true },
  favoriteModules: { method: 'GET', path: '/v1/user/module', auth: true },
  historyRecord: { method: 'POST', path: '/v1/user/history', auth: true },
  historyMenu: { method: 'GET', path: '/v1/user/history/menu', auth: true },
  historyList: { method: 'GET', path: '/v2/user/history', auth: true },
  historyDelete: { method: 'DELETE', path: '/v1/user/history', auth: true },
  historyClear: { method: 'DELETE', path: '/v1/user/history/all', auth: true },
  columnList: { method: 'GET', path: '/v1/user/column' },
  subscribeList: { method: 'GET', path: '/v1/user/subscribe' },
  mySubscribe: { method: 'GET', path: '/v1/user/my/subscribe', auth: true },
  subscribeAdd: { method: 'POST', path: '/v1/user/subscribe/add', auth: true },
  subscribeDel: { method: 'POST', path: '/v1/user/subscribe/del', auth: true },
  // search
  search: { method: 'GET', path: '/v1/pc/search' },
  searchType: { method: 'GET', path: '/v1/user/search_type' },
  hotSearchWord: { method: 'GET', path: '/v1/user/hot_search_word' },
  searchWordRemind: { method: 'GET', path: '/v1/user/search_word_remind' },
  hotCourse: { method: 'GET', path: '/v1/pc/course/hot' },
  // selected-content channels and themed special albums
  selectedHome: { method: 'GET', path: '/v1/selected/:channel' },
  selectedTags: { method: 'GET', path: '/v1/selected/:channel/tags' },
  selectedVideos: { method: 'GET', path: '/v1/selected/:channel/videos' },
  selectedVideo: { method: 'GET', path: '/v1/selected/:channel/videos/:id' },
  selectedDoc: { method: 'GET', path: '/v1/selected/:channel/doc' },
  specialConfig: { method: 'GET', path: '/v1/special/:theme_id/:album_id/config' },
  specialTags: { method: 'GET', path: '/v1/special/:theme_id/:album_id/tags' },
  specialVideos: { method: 'GET', path: '/v1/special/:theme_id/:album_id/videos' },
  // topics
  topicList: { method: 'GET', path: '/v1/topic' },
  topicDetail: { method: 'GET', path: '/v1/topic/:id' },
  topicCourses: { method: 'GET', path: '/v1/topic/:id/course' },
  topicLives: { method: 'GET', path: '/v1/topic/:id/live' },
  topicNews: { method: 'GET', path: '/v1/topic/:id/news' },
  topicPapers: { method: 'GET', path: '/v1/topic/:id/paper' },
  // author voice
  authorVoiceHome: { method: 'GET', path: '/v1/author_voice' },
  authorVoiceFilters: { method: 'GET', path: '/v1/author_voice/filters' },
  authorTalkList: { method: 'GET', path: '/v1/author_voice/talk' },
  authorTalkDetail: { method: 'GET', path: '/v1/author_voice/talk/:id' },
  authorLinkupList: { method: 'GET', path: '/v1/author_voice/linkup' },
  authorLinkupDetail: { method: 'GET', path: '/v1/author_voice/linkup/:id' },
  // papers
  paperList: { method: 'GET', path: '/v1/paper' },
  paperDetail: { method: 'GET', path: '/v1/paper/:id' },
  // international meeting calendar
  calendarList: { method: 'GET', path: '/v1/meeting/calendar' },
  calendarFilters: { method: 'GET', path: '/v1/meeting/calendar/filters' },
  calendarDetail: { method: 'GET', path: '/v1/meeting/calendar/:id' },
  calendarFavorite: { method: 'PUT', path: '/v1/user/meeting/calendar/:id/favorite', auth: true },
  calendarFavorites: { method: 'GET', path: '/v1/user/meeting/calendar/favorites', auth: true },
  calendarFeed: { method: 'GET', path: '/v1/user/calendar/feed', auth: true },
  calendarFeedRenew: { method: 'POST', path: '/v1/user/calendar/feed', auth: true },
  calendarFeedRevoke: { method: 'DELETE', path: '/v1/user/calendar/feed', auth: true },
  // lives
  liveDate: { method: 'GET', path: '/v1/live/live_date' },
  dateLives: { method: 'GET', path: '/v1/live/date_lives' },
  liveLookBack: { method: 'GET', path: '/v1/live/look_back' },
  liveHistory: { method: 'GET', path: '/v1/live/history' },
  liveHistoryFilters: { method: 'GET', path: '/v1/live/history/filters' },
  liveRemind: { method: 'PUT', path: '/v1/user/live/:id/remind', auth: true },
  liveFavorite: { method: 'PUT', path: '/v1/user/live/:id/favorite', auth: true },
  liveCalendar: { method: 'GET', path: '/v1/user/live/calendar', auth: true },
  remindTypeGet: { method: 'GET', path: '/v1/user/live/remind_type', auth: true },
  remindTypeSet: { method: 'POST', path: '/v1/user/live/remind_type', auth: true },
  // live room
  liveDetail: { method: 'GET', path: '/v1/live/:id' },
  liveButtons: { method: 'GET', path: '/v1/live/:id/buttons' },
  liveSign: { method: 'POST', path: '/v1/user/live/:id/sign', auth: true },
  liveSignList: { method: 'GET', path: '/v1/user/live/:id/signs', auth: true },
  liveAccessCode: { method: 'POST', path: '/v1/user/live/:id/access_code', auth: true },
  liveTopicStore: { method: 'POST', path: '/v1/user/live/:id/topicstore', auth: true },
  liveTopicList: { method: 'GET', path: '/v1/live/:id/topiclist' },
  liveTopicLike: { method: 'PUT', path: '/v1/user/live/topic/:topic_id/like', auth: true },
  liveTopicModerate: { method: 'PUT', path: '/v1/user/live/topic/:topic_id/moderate', auth: true },
  liveTopicAnswer: { method: 'PUT', path: '/v1/user/live/topic/:topic_id/answer', auth: true },
  livePpt: { method: 'GET', path: '/v1/live/:id/ppt' },
  liveSlideSet: { method: 'PUT', path: '/v1/user/live/:id/ppt', auth: true },
  livePolls: { method: 'GET', path: '/v1/live/:id/polls' },
  livePollCreate: { method: 'POST', path: '/v1/user/live/:id/poll', auth: true },
  livePollClose: { method: 'PUT', path: '/v1/user/live/poll/:poll_id/close', auth: true },
  livePollVote: { method: 'POST', path: '/v1/user/live/poll/:poll_id/vote', auth: true },
  liveStatusSet: { method: 'PUT', path: '/v1/user/live/:id/status', auth: true },
  attendBeat: { method: 'POST', path: '/v1/user/live/:id/attend', auth: true },
  attendMine: { method: 'GET', path: '/v1/user/live/:id/attendance', auth: true },
  presenceAsk: { method: 'POST', path: '/v1/user/live/:id/presence_check', auth: true },
  presenceSchedule: { method: 'PUT', path: '/v1/user/live/:id/presence_schedule', auth: true },
  presenceScheduleGet: { method: 'GET', path: '/v1/user/live/:id/presence_schedule', auth: true },
  presenceAnswer: { method: 'POST', path: '/v1/user/live/presence_check/:check_id/answer', auth: true },
  recordingDetail: { method: 'GET', path: '/v1/vod/:id' },
  // site pages
  sitePage: { method: 'GET', path: '/v1/site/page/:slug' },
  productPage: { method: 'GET', path: '/v1/relate_site/:key' },
  contactForm: { method: 'POST', path: '/v1/user/contact_form' },
  // home
  pcIndex: { method: 'GET', path: '/v1/pc_index' },
  relateSite: { method: 'GET', path: '/v1/relate_site' },
  userBanner: { method: 'GET', path: '/v1/user/banner' },
  siteConfig: { method: 'GET', path: '/v1/site/config' },
  // accounts
  refreshToken: { method: 'POST', path: '/v1/user/refresh/token' },
  sessionCheck: { method: 'GET', path: '/v1/user/session' },
  captchaImage: { method: 'GET', path: '/v1/user/verify_code_image' },
  countryPhoneCodes: { method: 'GET', path: '/v1/user/country_phone_code' },
  sendSms: { method: 'POST', path: '/v1/user/send/sms' },
  sendEmailCode: { method: 'POST', path: '/v1/user/send/code' },
  smsVerify: { method: 'POST', path: '/v1/user/sms_verify' },
  login: { method: 'POST', path: '/v1/user/login' },
  logout: { method: 'GET', path: '/v1/user/logout' },
  loginInfo: { method: 'GET', path: '/v1/user/login_info', auth: true },
  agreeConsent: { method: 'POST', path: '/v1/user/consent', auth: true },
  checkIp: { method: 'GET', path: '/v1/check_ip' },
  setPassword: { method: 'POST', path: '/v1/user/password', auth: true },
  resetPassword: { method: 'POST', path: '/v1/user/reset_password', auth: true },
  forgetPassword: { method: 'POST', path: '/v1/user/forget_password' },
  checkHasPassword: { method: 'GET', path: '/v1/user/user/check_has_password', auth: true },
  hasPayPassword: { method: 'GET', path: '/v1/user/pay/has_pay_password', auth: true },
  setPayPassword: { method: 'POST', path: '/v1/user/pay/password', auth: true },
  changePayPassword: { method: 'PUT', path: '/v1/user/pay/password', auth: true },
  forgetPayPassword: { method: 'POST', path: '/v1/user/pay/forget_password', auth: true },
  verifyPayPassword: { method: 'POST', path: '/v1/user/pay/verify', auth: true },
  wechatQrConnect: { method: 'GET', path: '/v1/wechat/qrconnect' },
  wechatLoginInfo: { method: 'GET', path: '/v1/user/wechat/login/info' },
  wechatCallback: { method: 'POST', path: '/v1/wechat/callback' },
  devOutbox: { method: 'GET', path: '/v1/dev/outbox' },
  devCaptcha: { method: 'GET', path: '/v1/dev/captcha/:captcha_key' },
  devClock: { method: 'GET', path: '/v1/dev/clock' },
  devClockAdvance: { method: 'POST', path: '/v1/dev/clock' },
  // profile
  personalInfo: { method: 'GET', path: '/v1/user/personal_info', auth: true },
  updatePersonalInfo: { method: 'PUT', path: '/v1/user/personal_info', auth: true },
  departmentTree: { method: 'GET', path: '/v2/user/personal_department' },
  profileForm: { method: 'POST', path: '/v1/user/form', auth: true },
  bindMobile: { method: 'POST', path: '/v1/user/personal_info/bind_mobile', auth: true },
  bindEmail: { method: 'POST', path: '/v1/user/personal_info/bind_email', auth: true },
  mergeUser: { method: 'POST', path: '/v1/user/merge_user', auth: true },
  userConfig: { method: 'GET', path: '/v1/user/config', auth: true },
  syncToMeeting: { method: 'POST', path: '/v1/user/user_sync_to_meeting', auth: true },
  uploadImage: { method: 'POST', path: '/v1/user/img', auth: true },
  cancelAccount: { method: 'POST', path: '/v1/user/account/cancel', auth: true },
  // credit points, sign-in, vouchers, bank cards, withdrawals (rewards.ts)
  scoreLog: { method: 'GET', path: '/v1/user/score_log', auth: true },
  creditRule: { method: 'GET', path: '/v1/credit/rule' },
  signInState: { method: 'GET', path: '/v1/user/sign_in', auth: true },
  signIn: { method: 'POST', path: '/v1/user/sign_in', auth: true },
  voucherRedeem: { method: 'POST', path: '/v1/user/voucher/redeem', auth: true },
  bankcardList: { method: 'GET', path: '/v1/user/bankcard', auth: true },
  bankcardAdd: { method: 'POST', path: '/v1/user/bankcard', auth: true },
  bankcardUpdate: { method: 'PUT', path: '/v1/user/bankcard/:id', auth: true },
  bankcardDefault: { method: 'PUT', path: '/v1/user/bankcard/:id/default', auth: true },
  bankcardDelete: { method: 'DELETE', path: '/v1/user/bankcard/:id', auth: true },
  checkBankcard: { method: 'POST', path: '/v1/user/check_bankcard', auth: true },
  cashWithdrawal: { method: 'POST', path: '/v1/user/wallet/cashwithdrawal', auth: true },
  withdrawalDetail: { method: 'GET', path: '/v1/user/cashwithdrawal/:id', auth: true },
  withdrawalList: { method: 'GET', path: '/v1/user/cashwithdrawal', auth: true },
  // certificates (certificates.ts; decision record 0051)
  certIdcard: { method: 'GET', path: '/v1/user/cert/idcard', auth: true },
  certIdcardSave: { method: 'PUT', path: '/v1/user/cert/idcard', auth: true },
  certList: { method: 'GET', path: '/v1/user/cert', auth: true },
  certInfo: { method: 'GET', path: '/v1/user/cert/info', auth: true },
  certVerify: { method: 'GET', path: '/v1/cert/verify/:code' },
  certVerifyCredential: { method: 'POST', path: '/v1/cert/verify_credential' },
  // sharing and the WeChat JS-SDK (share.ts)
  liveRedirectLink: { method: 'GET', path: '/v1/live/:id/redirect_link', auth: true },
  redirectResolve: { method: 'GET', path: '/v1/redirect' },
  wxaTicket: { method: 'POST', path: '/v1/user/wxa_ticket' },
  mpCheckSubscribe: { method: 'GET', path: '/v1/user/mp_check_subscribe', auth: true },
  mpQrcode: { method: 'GET', path: '/v1/user/mp_qrcode' },
  // money (decision record 0026)
  walletInfo: { method: 'GET', path: '/v1/user/wallet/info', auth: true },
  walletTransactions: { method: 'GET', path: '/v1/user/wallet/transaction', auth: true },
  walletTransaction: { method: 'GET', path: '/v1/user/wallet_transaction/:id', auth: true },
  rechargeList: { method: 'GET', path: '/v1/user/recharge_list' },
  aboutPayExplain: { method: 'GET', path: '/v1/user/about_pay_explain' },
  createOrder: { method: 'POST', path: '/v1/pc/order', auth: true },
  orderInfo: { method: 'GET', path: '/v1/user/order/info', auth: true },
  orderList: { method: 'GET', path: '/v1/user/order', auth: true },
  orderCancel: { method: 'POST', path: '/v1/user/order/:order_no/cancel', auth: true },
  orderPay: { method: 'POST', path: '/v1/user/order/:order_no/pay', auth: true },
  walletPurchase: { method: 'POST', path: '/v1/user/wallet/purchase', auth: true },
  recharge: { method: 'POST', path: '/v1/pc/recharge', auth: true },
  devPay: { method: 'POST', path: '/v1/dev/pay/:order_no' },
  couponList: { method: 'GET', path: '/v1/user/coupon', auth: true },
  couponClaim: { method: 'POST', path: '/v1/user/coupon/:id', auth: true },
  couponRemain: { method: 'GET', path: '/v1/user/coupon/remain' },
  couponUsable: { method: 'GET', path: '/v1/user/coupon/usable', auth: true },
  // my meetings (meetings.ts)
  meetingCreate: { method: 'POST', path: '/v1/user/meeting/create', auth: true },
  meetingIndex: { method: 'GET', path: '/v1/user/meeting/index', auth: true },
  meetingDepartment: { method: 'GET', path: '/v1/user/meeting/department', auth: true },
  meetingDetail: { method: 'GET', path: '/v1/user/meeting/:id', auth: true },
  meetingUpdate: { method: 'PUT', path: '/v1/user/meeting/:id', auth: true },
  meetingCancel: { method: 'POST', path: '/v1/user/meeting/:id/cancel', auth: true },
  meetingLaunchToken: { method: 'POST', path: '/v1/user/meeting/:id/launch_token', auth: true },
  meetingLaunch: { method: 'POST', path: '/v1/meeting/launch' },
  meetingByNumber: { method: 'GET', path: '/v1/meeting/by_number/:number' },
  // continuing-education credit (issue 29)
  creditActivity: { method: 'GET', path: '/v1/credit/activity/:kind/:id' },
  creditTest: { method: 'GET', path: '/v1/user/credit/activity/:kind/:id/test', auth: true },
  creditTestSubmit: { method: 'POST', path: '/v1/user/credit/activity/:kind/:id/test', auth: true },
  creditEvaluation: { method: 'POST', path: '/v1/user/credit/activity/:kind/:id/evaluation', auth: true },
  creditClaim: { method: 'POST', path: '/v1/user/credit/activity/:kind/:id/claim', auth: true },
  creditClaims: { method: 'GET', path: '/v1/user/credit/claims', auth: true },
  creditCme: { method: 'GET', path: '/v1/user/credit/cme', auth: true },
  // news
  newsCategories: { method: 'GET', path: '/v1/news/category' },
  newsList: { method: 'GET', path: '/v1/news' },
  newsDetail: { method: 'GET', path: '/v1/news/:id' },
  newsRecommend: { method: 'GET', path: '/v1/news/:id/recommend' },
  newsView: { method: 'PUT', path: '/v1/news/:id/view' },
  newsLike: { method: 'PUT', path: '/v1/user/news/:id/liked', auth: true },
  newsReadLog: { method: 'POST', path: '/v1/user/news/:id/read_log', auth: true },
  newsComments: { method: 'GET', path: '/v1/news/:id/comments' },
  postNewsComment: { method: 'POST', path: '/v1/user/news/:id/comments', auth: true },
  deleteNewsComment: { method: 'DELETE', path: '/v1/user/news/comment/:id', auth: true },
  myNewsComments: { method: 'GET', path: '/v1/user/news/my_comments', auth: true },
  // online service (support.ts)
  supportSession: { method: 'GET', path: '/v1/support/session' },
  supportMessages: { method: 'GET', path: '/v1/support/messages' },
  supportSend: { method: 'POST', path: '/v1/support/messages', bodyKb: 8 },
  supportRead: { method: 'POST', path: '/v1/support/read' },
  supportAgentMe: { method: 'GET', path: '/v1/support/agent/me', auth: true },
  supportAgentConversations: { method: 'GET', path: '/v1/support/agent/conversations', auth: true },
  supportAgentConversation: { method: 'GET', path: '/v1/support/agent/conversations/:id', auth: true },
  supportAgentSend: { method: 'POST', path: '/v1/support/agent/conversations/:id/messages', auth: true, bodyKb: 8 },
  supportAgentRead: { method: 'POST', path: '/v1/support/agent/conversations/:id/read', auth: true },
  // epidemic map, product lives, pre-event pages (showcase.ts)
  covid19: { method: 'GET', path: '/v1/covid19' },
  liveProduct: { method: 'GET', path: '/v1/live/product/:product' },
  preActUiConfig: { method: 'GET', path: '/v1/user/pre_act/:id/ui_config' },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The `:name` placeholders of a path template. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path template needs, by placeholder name. */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string | number };
/** The values a route's path needs, by placeholder name. */
export type PathParams<N extends RouteName> = ParamsOf<Routes[N]['path']>;

/** No argument for a path without placeholders, else their values. */
export type PathArgsOf<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: ParamsOf<P>];

/** A path template with its placeholders filled in and encoded. */
export function fillPath(name: string, template: string, params: Record<string, string | number> | undefined): string {
  const values = params ?? {};
  return template.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`pathOf(${name}): missing :${key}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The concrete path of a route, its placeholders filled in and encoded:
 * `pathOf('newsDetail', { id: 7 })` is `/v1/news/7`. The type checker asks for exactly the
 * placeholders the path has.
 */
export function pathOf<N extends RouteName>(name: N, ...[params]: PathArgsOf<Routes[N]['path']>): string {
  return fillPath(name, routes[name].path, params);
}

/** One congress as an .ics file (not an envelope endpoint: text/calendar). */
export const congressIcsPath = (id: number | string): string => `/v1/meeting/calendar/${encodeURIComponent(String(id))}.ics`;

/**
 * A personal calendar feed (not an envelope endpoint: text/calendar). The token is the credential;
 * it rides in the query, which request logs redact.
 */
export const CALENDAR_FEED_ICS_PATH = '/v1/calendar/feed.ics';
export const calendarFeedIcsPath = (token: string): string => `${CALENDAR_FEED_ICS_PATH}?token=${encodeURIComponent(token)}`;

/** The live room's WebSocket (not an envelope endpoint): ?since=<seq>&access_token=<token>. */
export const liveSocketPath = (liveId: number | string): string => `/v1/live/${encodeURIComponent(String(liveId))}/ws`;

/** Where a payment provider POSTs its notifications (not an envelope endpoint: each provider's own protocol). */
export const payNotifyPath = (channel: 'wechat' | 'alipay'): string => `/v1/pay/notify/${channel}`;

/** The 电子学分卡 as a file for the hospital's 登记表 (not an envelope endpoint): ?year=&access_token=. */
export const cmeExportPath = (format: 'csv' | 'pdf'): string => `/v1/user/credit/cme/export.${format}`;

/** The sandbox provider's pay page (outside production), which its QR codes open. */
export const sandboxPayPagePath = (orderNo: string): string => `/sandbox/pay/${encodeURIComponent(orderNo)}`;

/** The online service's visitor socket (not an envelope endpoint): ?access_token= or ?visitor=<signed token>. */
export const SUPPORT_SOCKET_PATH = '/v1/support/ws';
/** The service agents' socket: every conversation's messages, typing and reads. */
export const SUPPORT_AGENT_SOCKET_PATH = '/v1/support/agent/ws';

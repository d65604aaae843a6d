/**
 * Query keys that more than one feature reads or invalidates (features do not import each other):
 * the roots a feature's own key factory starts from, and the few keys shared outright.
 */
export const sharedKeys = {
  /** Every query about courses: a purchase or a voucher changes what a course shows its buyer. */
  courses: ['course'] as const,
  /** The member's favourites lists (user centre), which a favourite set anywhere changes. */
  favorites: ['favorite'] as const,
  /** Wallet, orders, coupons: everything a payment changes (a payment also reaches `rewards`). */
  money: ['money'] as const,
  /** Points, the daily sign-in, bank cards, withdrawals: an order spends points, so a payment invalidates this root too. */
  rewards: ['rewards'] as const,
  /** Everything about the signed-in account; dropped on login, logout and cancellation. */
  auth: ['auth'] as const,
  profile: ['profile'] as const,
  user: ['user'] as const,
  /** The account's own details (name, avatar, points), read by the user centre, the buy dialog and the profile page. */
  personalInfo: ['profile', 'personal-info'] as const,
  /** Credit designations and the member's CME record (shared/credit, the CME card and claim page in features/certificates). */
  credit: ['credit'] as const,
  creditActivity: (kind: string, id: number) => ['credit', 'activity', kind, id] as const,
  /** My progress is part of the answer when logged in: members and visitors are cached apart. */
  creditActivityFor: (kind: string, id: number, lang: string, who: 'member' | 'visitor') => ['credit', 'activity', kind, id, lang, who] as const,
  /** The wallet and a pending order, read by the buy dialog and the money pages. */
  wallet: ['money', 'wallet'] as const,
  hasPayPassword: ['money', 'has-pay-password'] as const,
  order: (orderNo: string | null) => ['money', 'order', orderNo] as const,
  couponUsable: (courseId: number) => ['money', 'coupon-usable', courseId] as const,
  siteConfig: (lang: string) => ['site', 'config', lang] as const,
  redirectLink: (liveId: number) => ['share', 'redirect-link', liveId] as const,
  supportAgentMe: ['support', 'agent-me'] as const,
  /** The hot search words: the header's search board and the search page share one entry. */
  hotWords: (lang: string) => ['search', 'hot-words', lang] as const,
};

/**
 * Query keys that more than one feature reads or invalidates (features do not import each other):
 * the roots a feature's own key factory starts from, and the few keys shared outright.
 */
export const sharedKeys = {
  /** Every query about courses: a purchase or a voucher changes what a course shows its buyer. */
  courses: ['course'] as const,
  /** The member's favourites lists (user centre), which a favourite set anywhere changes. */
  favorites: ['favorite'] as const,
  /** Wallet, orders, coupons, points: everything a payment changes. */
  money: ['money'] as const,
  /** Everything about the signed-in account; dropped on login, logout and cancellation. */
  auth: ['auth'] as const,
  profile: ['profile'] as const,
  user: ['user'] as const,
  /** The account's own details (name, avatar, points), read by the user centre, the buy dialog and the profile page. */
  personalInfo: ['profile', 'personal-info'] as const,
};

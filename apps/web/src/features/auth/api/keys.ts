import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of the account pages; `sharedKeys.auth`, `.profile` and `.user` are dropped when the login changes. */
export const authKeys = {
  countryCodes: (lang: Lang) => [...sharedKeys.auth, 'country-codes', lang] as const,
  loginInfo: [...sharedKeys.auth, 'login-info'] as const,
  hasPassword: [...sharedKeys.auth, 'has-password'] as const,
  hasPayPassword: [...sharedKeys.auth, 'has-pay-password'] as const,
  captcha: (instance: string) => [...sharedKeys.auth, 'captcha', instance] as const,
  devOutbox: (to: string) => [...sharedKeys.auth, 'dev-outbox', to] as const,
  departments: (lang: Lang) => [...sharedKeys.profile, 'departments', lang] as const,
};

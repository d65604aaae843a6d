import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from './api-client';
import { detectHost } from './bridge';
import { i18n } from './i18n';

/**
 * Text for an error shown to people, in the current language: `errors:<code>` for API codes
 * (the server's own message when this build has no text for the code), `errors:<kind>` for
 * transport failures, `errors:generic` otherwise.
 */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors:generic');
  switch (error.kind) {
    case 'business': {
      // Spec §8: inside the mini-program "not logged in" reads 未登录.
      if (error.code === ErrorCode.NOT_LOGGED_IN && detectHost() === 'mini-program') return i18n.t('errors:notLoggedInMiniProgram');
      const key = `errors:${error.code}`;
      if (error.code !== null && i18n.exists(key)) return i18n.t(key as 'errors:generic');
      return error.message || i18n.t('errors:generic');
    }
    case 'http':
      return i18n.t('errors:http', { status: error.status ?? 0 });
    case 'timeout':
      return i18n.t('errors:timeout');
    case 'network':
      return i18n.t('errors:network');
    case 'parse':
      return i18n.t('errors:parse');
  }
}

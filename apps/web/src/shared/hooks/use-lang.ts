import { useTranslation } from 'react-i18next';
import type { Lang } from '../i18n';

/** The current UI language, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

import { beforeEach, describe, expect, it } from 'vitest';
import { apiLanguage, detectLanguage, htmlLang, i18n, LANG_SESSION_KEY } from './i18n';
import { setupI18n } from '../testing/i18n';

beforeEach(() => {
  sessionStorage.clear();
});

describe('language detection', () => {
  it('takes ?lang=en whatever the browser says, and remembers it for the session', () => {
    expect(detectLanguage('?lang=en', ['zh-CN'])).toBe('en');
    expect(sessionStorage.getItem(LANG_SESSION_KEY)).toBe('en');
    // A later page without ?lang keeps the choice.
    expect(detectLanguage('', ['zh-CN'])).toBe('en');
  });

  it('takes ?lang=zh over an English browser', () => {
    expect(detectLanguage('?lang=zh', ['en-US'])).toBe('zh');
  });

  it('falls back to the browser language: zh* is Chinese, anything else English', () => {
    expect(detectLanguage('', ['zh-TW', 'en'])).toBe('zh');
    expect(detectLanguage('', ['zh'])).toBe('zh');
    expect(detectLanguage('', ['fr-FR', 'zh-CN'])).toBe('en');
    expect(detectLanguage('?lang=de', ['en-GB'])).toBe('en');
    expect(detectLanguage('', [])).toBe('en');
  });

  it('maps languages for the API and <html lang>', () => {
    expect(apiLanguage('zh')).toBe('zh_CN');
    expect(apiLanguage('en')).toBe('en');
    expect(htmlLang('zh')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
  });
});

describe('i18n instance', () => {
  it('loads the language lazily and updates <html lang>', async () => {
    await setupI18n('en');
    expect(i18n.t('layout:nav.home')).toBe('Home');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLanguage('zh');
    expect(i18n.t('layout:nav.home')).toBe('首页');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changeLanguage, type Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { safeExternalUrl } from '../../../shared/actions';
import { GlobeIcon } from '../../../shared/ui/icons';
import { useRelateSites } from '../api/get-relate-sites';

/** Links to the sister products, and the language switch. */
export function TopBar() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const { data } = useRelateSites();
  const other: Lang = lang === 'zh' ? 'en' : 'zh';

  const switchLanguage = () => {
    // Keep the URL in step so a reload or a shared link shows the chosen language.
    const next = new URLSearchParams(params);
    next.set('lang', other);
    setParams(next, { replace: true, preventScrollReset: true });
    void changeLanguage(other);
  };

  return (
    <div className="top-bar" data-chrome="top-bar">
      <div className="container top-bar__inner">
        <nav className="top-bar__sites" aria-label={t('topBar.label')}>
          <ul>
            {(data?.items ?? []).map((site) => {
              const href = safeExternalUrl(site.url);
              return href ? (
                <li key={site.id}>
                  <a href={href} target="_blank" rel="noopener noreferrer" title={site.desc || undefined}>
                    {site.title}
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        <button type="button" className="top-bar__lang" onClick={switchLanguage} lang={other === 'zh' ? 'zh-CN' : 'en'} data-chrome="language-switch">
          <GlobeIcon />
          <span>{t('topBar.switchTo')}</span>
        </button>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { loadNamespaces } from '../../../shared/i18n';
import { usePreAct } from '../api/support';
import '../support.css';

export async function loader(): Promise<null> {
  await loadNamespaces('support');
  return null;
}

/** `/pre_act/{id}`: a pre-event landing page drawn from its ui_config (colours, banner, title, buttons). */
function PreActPage() {
  const { t, i18n } = useTranslation('support');
  const id = Number(useParams().id);
  const q = usePreAct(Number.isSafeInteger(id) && id > 0 ? id : 0);
  if (q.isPending) return <div className="container pre-act" aria-busy="true">{t('preAct.loading')}</div>;
  if (q.isError) {
    const missing = isApiError(q.error) && (q.error.code === ErrorCode.NOT_FOUND || q.error.code === ErrorCode.VALIDATION);
    return (
      <div className="container pre-act" role="alert">
        <p>{missing ? t('preAct.notFound') : t('preAct.error')}</p>
        {missing ? null : (
          <button type="button" className="button" onClick={() => void q.refetch()}>
            {t('preAct.retry')}
          </button>
        )}
      </div>
    );
  }
  const c = q.data;
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(new Date(c.starts_at));
  return (
    <div className="pre-act" style={{ background: c.colors.background, color: c.colors.text }} data-pre-act={c.id}>
      <div className="pre-act__inner">
        <img className="pre-act__banner" src={c.banner} alt="" />
        <h1 style={{ color: c.colors.primary }}>{c.title}</h1>
        <p>{c.subtitle}</p>
        <p>{t('preAct.startsAt', { time: when })}</p>
        <div className="pre-act__buttons">
          {c.buttons.map((b) =>
            b.url.startsWith('/') ? (
              <Link key={b.text} to={b.url} className="pre-act__button" style={b.style === 'primary' ? { background: c.colors.primary, color: '#fff', borderColor: c.colors.primary } : { color: c.colors.primary }}>
                {b.text}
              </Link>
            ) : (
              <a key={b.text} href={b.url} target="_blank" rel="noopener noreferrer" className="pre-act__button" style={{ color: c.colors.primary }}>
                {b.text}
              </a>
            ),
          )}
        </div>
      </div>
    </div>
  );
}

export const Component = PreActPage;

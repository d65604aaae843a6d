import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SHARE_KINDS, type ShareKindName as ShareKind } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { detectHost } from '../../../shared/bridge';
import { useLang } from '../../../shared/hooks/use-lang';
import { posterSrc } from '../api/share';
import '../share.css';

const isKind = (k: string | null | undefined): k is ShareKind => (SHARE_KINDS as readonly string[]).includes(k ?? '');
const itemHref = (kind: ShareKind, id: number) =>
  kind === 'live' ? paths.liveRoom.getHref(id) : kind === 'news' ? paths.newsDetail.getHref(id) : paths.speakerDetail.getHref(id);

/** The share poster: long-press to save on phones, a download button on desktops (spec §2 /share_card). */
export function Component() {
  const { t } = useTranslation('pages');
  const lang = useLang();
  const params = useParams();
  const [search] = useSearchParams();
  const kind = params.kind ?? search.get('type');
  const id = Number(search.get('id'));
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  if (!isKind(kind) || !Number.isInteger(id) || id <= 0) {
    return (
      <div className="share-card container">
        <p className="empty-state" data-testid="share-empty">{t('share.missing')}</p>
      </div>
    );
  }
  const host = typeof window !== 'undefined' && detectHost() === 'mini-program' ? 'mini' : 'web';
  const src = `${posterSrc(kind, id, lang, host)}${attempt ? `&r=${attempt}` : ''}`;
  return (
    <div className="share-card container" data-testid="share-card">
      <h1 className="share-card__title">{t('share.title')}</h1>
      <div className="share-card__frame">
        {state === 'loading' ? <div className="share-card__loading" role="status">{t('share.loading')}</div> : null}
        {state === 'error' ? (
          <div className="error-state" role="alert">
            <p className="error-state__message">{t('share.failed')}</p>
            <button type="button" className="button button--primary" onClick={() => { setState('loading'); setAttempt((a) => a + 1); }}>
              {t('share.retry')}
            </button>
          </div>
        ) : null}
        <img
          key={src}
          className="share-card__poster"
          data-testid="share-poster"
          src={src}
          alt={t('share.alt', { kind: t(`share.kinds.${kind}`) })}
          hidden={state === 'error'}
          onLoad={() => setState('ready')}
          onError={() => setState('error')}
        />
      </div>
      <p className="share-card__hint share-card__phone-only">{t('share.longPress')}</p>
      <div className="share-card__actions">
        <a className="button button--primary share-card__desktop-only" href={src} download={`medportal-${kind}-${id}.png`}>
          {t('share.download')}
        </a>
        <Link className="button" to={itemHref(kind, id)}>
          {t('share.open')}
        </Link>
      </div>
    </div>
  );
}

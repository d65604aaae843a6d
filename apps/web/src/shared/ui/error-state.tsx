import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';

/** A failed load: what went wrong in the person's language, and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="error-state" role="alert">
      <p className="error-state__message">{errorText(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

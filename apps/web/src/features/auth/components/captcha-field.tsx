import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorValue } from '../hooks/use-form';
import type { Captcha } from '../hooks/use-captcha';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

export interface CaptchaFieldProps {
  captcha: Captcha;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  disabled?: boolean;
}

/** The image-captcha answer with its image; clicking the image loads a new one. */
export function CaptchaField({ captcha, value, onChange, error, disabled }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldErrorText()(error) ?? (captcha.error ? t('captcha.loadFailed') : null);
  return (
    <FieldShell id={id} label={t('fields.captcha')} error={text}>
      <div className="input-group">
        <input
          className="input"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={8}
          placeholder={t('placeholders.captcha')}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          {...fieldAria(id, { error: text })}
        />
        <button
          type="button"
          className="captcha-button"
          onClick={captcha.refresh}
          // The image has no text to read: the button says what it does. Without the image, the
          // text on it ("Loading", "Click to load") is its name, as on screen.
          aria-label={captcha.image ? t('captcha.refresh') : undefined}
          aria-busy={captcha.loading || undefined}
          disabled={disabled}
        >
          {captcha.image ? (
            <img src={captcha.image} alt="" data-testid="captcha-image" data-captcha-key={captcha.key ?? undefined} width={120} height={40} />
          ) : (
            <span className="captcha-button__placeholder" data-testid="captcha-image">
              {captcha.loading ? t('captcha.loading') : t('captcha.retry')}
            </span>
          )}
        </button>
      </div>
    </FieldShell>
  );
}

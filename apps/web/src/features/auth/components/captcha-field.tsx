import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorValue } from '../hooks/use-form';
import type { Captcha } from '../hooks/use-captcha';
import { solveHumanCheck } from '../lib/human-check';
import { FieldShell, useFieldErrorText } from './field';

export interface CaptchaFieldProps {
  captcha: Captcha;
  /** The solved payload ('' until solved). */
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  disabled?: boolean;
}

type Phase = 'idle' | 'solving' | 'failed';

/**
 * The human check: a tick box the visitor presses (mouse, Enter or Space); the browser then does
 * the proof of work of the current challenge and the box shows ticked. A new challenge (after each
 * use) clears it. Progress is announced in a live region.
 */
export function CaptchaField({ captcha, value, onChange, error, disabled }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [phase, setPhase] = useState<Phase>('idle');
  const abort = useRef<AbortController | null>(null);
  const solved = value !== '';
  const key = captcha.key;

  // A new challenge, or leaving the page, stops work on the old one.
  useEffect(() => () => abort.current?.abort(), [key]);

  const verify = () => {
    if (captcha.error && !captcha.loading) {
      captcha.refresh();
      return;
    }
    if (!captcha.challenge || solved || phase === 'solving') return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase('solving');
    solveHumanCheck(captcha.challenge, controller.signal).then(
      (payload) => {
        // Aborted: the challenge was replaced, so the box starts over for the new one.
        setPhase(payload || controller.signal.aborted ? 'idle' : 'failed');
        if (payload && !controller.signal.aborted) onChange(payload);
      },
      () => setPhase(controller.signal.aborted ? 'idle' : 'failed'),
    );
  };

  const errorText = useFieldErrorText()(error) ?? (captcha.error ? t('captcha.loadFailed') : phase === 'failed' ? t('captcha.failed') : null);
  const state = solved ? t('captcha.solved') : phase === 'solving' ? t('captcha.solving') : captcha.loading && !captcha.challenge ? t('captcha.loading') : t('captcha.verify');
  return (
    <FieldShell id={id} label={t('fields.captcha')} error={errorText}>
      <button
        id={id}
        type="button"
        role="checkbox"
        aria-checked={solved}
        aria-busy={phase === 'solving' || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={`${id}-state${errorText ? ` ${id}-error` : ''}`}
        className={`human-check${solved ? ' human-check--solved' : ''}`}
        onClick={verify}
        disabled={disabled || (captcha.loading && !captcha.challenge)}
        data-testid="human-check"
        data-captcha-key={key ?? undefined}
      >
        <span className="human-check__box" aria-hidden="true">
          {solved ? '✓' : ''}
        </span>
        <span id={`${id}-state`} className="human-check__state" aria-live="polite">
          {state}
        </span>
      </button>
    </FieldShell>
  );
}

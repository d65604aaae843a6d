import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ValidationKey } from '../lib/validate';

/** A field's error: a client-side rule (translated at render) or a message from the server. */
export type FieldErrorValue = ValidationKey | { text: string };
export type FieldErrors<V> = Partial<Record<keyof V & string, FieldErrorValue>>;

/**
 * Minimal form state: values, per-field errors, a form-level error (the failed call, shown with
 * `errorText`), a pending flag, and focus moved to the first invalid field after a failed submit.
 */
export function useForm<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorsState] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A callback ref kept in state (not a ref object), so the form's parts can be read in render.
  const [formElement, attachForm] = useState<HTMLFormElement | null>(null);

  useEffect(() => {
    if (attempt === 0) return;
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, formElement]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrorsState((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });
  }, []);

  /** Replaces the field errors and moves focus to the first invalid field. */
  const setErrors = useCallback((next: FieldErrors<V>) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setAttempt((n) => n + 1);
  }, []);

  const setFieldError = useCallback((name: keyof V & string, error: FieldErrorValue | null) => {
    setErrorsState((prev) => {
      const next = { ...prev };
      if (error === null) delete next[name];
      else next[name] = error;
      return next;
    });
    if (error !== null) setAttempt((n) => n + 1);
  }, []);

  /**
   * A submit handler: prevents the default, clears the previous form error, and runs `run`
   * with the pending flag set; a thrown error becomes the form error.
   */
  const handleSubmit = useCallback(
    (run: () => Promise<void> | void) =>
      (event?: FormEvent): void => {
        event?.preventDefault();
        if (pending) return;
        setFormError(null);
        setPending(true);
        // Every failure lands in formError, so the promise never rejects and the handler stays void.
        void (async () => {
          try {
            await run();
          } catch (error) {
            setFormError(error);
          } finally {
            setPending(false);
          }
        })();
      },
    [pending],
  );

  return { values, setValues, set, errors, setErrors, setFieldError, formError, setFormError, pending, handleSubmit, attachForm };
}

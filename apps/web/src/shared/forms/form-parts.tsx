import type { ButtonHTMLAttributes } from 'react';
import { errorText } from '../errors';

/** A form-level error (a failed call), announced when it appears. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(error)}
    </p>
  );
}

/** The submit button: keeps its name while busy, so selectors stay stable; `block` spans the form. */
export function SubmitButton({ pending, disabled, block = false, children, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; block?: boolean }) {
  return (
    <button type="submit" className={`button button--primary${block ? ' button--block' : ''}`} disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

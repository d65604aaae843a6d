import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import '../auth.css';

/** True on the `/w` variants (app web-views without site chrome). */
export const useBare = (): boolean => /\/w\/?$/.test(useLocation().pathname);

export interface AuthCardProps {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** data-page attribute for tests and styling. */
  page: string;
}

/** The centred card every account page sits in. */
export function AuthCard({ title, intro, children, wide, page }: AuthCardProps) {
  const id = useId();
  const bare = useBare();
  return (
    <div className={`auth-page${bare ? ' auth-page--bare' : ''}`} data-page={page}>
      <section className={`auth-card${wide ? ' auth-card--wide' : ''}`} aria-labelledby={id}>
        <h1 id={id} className="auth-card__title">
          {title}
        </h1>
        {intro ? <p className="auth-card__intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** A finished step: what happened and where to go next. */
export function ResultState({ title, body, children, tone = 'success' }: { title: ReactNode; body?: ReactNode; children?: ReactNode; tone?: 'success' | 'info' | 'warning' }) {
  return (
    <div className={`result-state result-state--${tone}`} role="status">
      <span className="result-state__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'warning' ? '!' : 'i'}
      </span>
      <p className="result-state__title">{title}</p>
      {body ? <p className="result-state__body">{body}</p> : null}
      {children ? <div className="result-state__actions">{children}</div> : null}
    </div>
  );
}

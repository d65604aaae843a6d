import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './section-page.css';

/**
 * A page of a personal-centre section (wallet, points, the CME card): heading, optional back link
 * and actions. Its stylesheet also holds the rows, badges, amounts and forms these pages share.
 */
export function SectionPage({ title, back, actions, children, testId }: { title: string; back?: { to: string; label: string }; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="center-page section-page" aria-labelledby="center-heading" data-testid={testId}>
      {back ? (
        <p className="section-page__back">
          <Link to={back.to}>← {back.label}</Link>
        </p>
      ) : null}
      <div className="section-page__head">
        <h1 id="center-heading">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Filter buttons (aria-pressed) above a list. */
export function FilterTabs<V extends string>({ label, values, value, onChange, text }: { label: string; values: readonly V[]; value: V; onChange: (v: V) => void; text: (v: V) => string }) {
  return (
    <div className="center-tabs" role="group" aria-label={label}>
      {values.map((v) => (
        <button key={v} type="button" className="course-tab-like" aria-pressed={v === value} onClick={() => onChange(v)}>
          {text(v)}
        </button>
      ))}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { requireMember } from '../../../shared/session';
import { type LivePollMine, useVote } from '../api/live-room';

/** The newest poll: vote once (one or several options), then the live results. */
export function PollCard({ liveId, poll }: { liveId: number; poll: LivePollMine }) {
  const { t } = useTranslation('liveRoom');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const vote = useVote(liveId);
  const voted = poll.my_votes.length > 0;
  const showResults = voted || poll.status === 'closed';
  const total = poll.options.reduce((n, o) => n + o.votes, 0);
  const toggle = (id: number) => setChosen((c) => (poll.multiple ? (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]) : [id]));
  return (
    <section className="lr-card lr-poll lr-order-poll" aria-labelledby="lr-poll-title" data-testid="poll-card" data-poll-id={poll.id}>
      <div className="lr-card__head">
        <h2 id="lr-poll-title">{t('poll.title')}</h2>
        <span className="badge">{poll.status === 'open' ? t('poll.open') : t('poll.closed')}</span>
      </div>
      <p className="lr-poll__q">{poll.question}</p>
      {showResults ? (
        <ul className="lr-poll__results">
          {poll.options.map((o) => {
            const pct = total ? Math.round((o.votes / total) * 100) : 0;
            return (
              <li key={o.id}>
                <div className="lr-poll__label">
                  <span>
                    {o.text}
                    {poll.my_votes.includes(o.id) ? ` ✓` : ''}
                  </span>
                  <span data-testid="poll-votes">{t('poll.votes', { count: o.votes, pct })}</span>
                </div>
                <div className="lr-bar" aria-hidden="true">
                  <span style={{ width: `${pct}%` }} />
                </div>
              </li>
            );
          })}
          <li className="lr-muted">{t('poll.voters', { count: poll.voters })}</li>
        </ul>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            requireMember(() => vote.mutate({ pollId: poll.id, optionIds: chosen }, { onError: (err) => setError(errorText(err)) }));
          }}
        >
          <fieldset className="lr-poll__options">
            <legend className="visually-hidden">{poll.question}</legend>
            {poll.options.map((o) => (
              <label key={o.id}>
                <input type={poll.multiple ? 'checkbox' : 'radio'} name={`poll-${poll.id}`} checked={chosen.includes(o.id)} onChange={() => toggle(o.id)} />
                {o.text}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={chosen.length === 0 || vote.isPending}>
            {t('poll.vote')}
          </button>
          {error ? <p role="alert" className="lr-notice">{error}</p> : null}
        </form>
      )}
    </section>
  );
}

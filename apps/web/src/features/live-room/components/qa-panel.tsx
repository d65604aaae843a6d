import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOPIC_MAX_CHARS } from '@medportal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ErrorState } from '../../../shared/ui/error-state';
import { requireMember } from '../../../shared/session';
import { type TopicSort, topicsQueryOptions, useAsk, useLike } from '../api/live-room';

/** Questions: ask, sort by hot or new, upvote; own pending questions are marked as waiting. */
export function QaPanel({ liveId, canAsk, moderated }: { liveId: number; canAsk: boolean; moderated: boolean }) {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  const [sort, setSort] = useState<TopicSort>('hot');
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useQuery(topicsQueryOptions(liveId, sort));
  const ask = useAsk(liveId);
  const like = useLike(liveId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (content.length < 2) return;
    requireMember(() =>
      ask.mutate(content, {
        onSuccess: (topic) => {
          setText('');
          setNotice(topic.status === 'pending' ? { text: t('qa.pending'), error: false } : null);
          // The emptied form disables its button, which would drop keyboard focus: back to the box.
          input.current?.focus();
        },
        onError: (err) => setNotice({ text: errorText(err), error: true }),
      }),
    );
  };

  return (
    <section className="lr-card lr-qa lr-order-qa" aria-labelledby="lr-qa-title">
      <div className="lr-card__head">
        <h2 id="lr-qa-title">{t('qa.title')}</h2>
        <div role="group" aria-label={t('qa.sort')} className="lr-tabs">
          {(['hot', 'new'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={sort === s} className={sort === s ? 'is-active' : ''} onClick={() => setSort(s)}>
              {t(`qa.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {canAsk ? (
        <form className="lr-ask" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="lr-ask-input">
            {t('qa.placeholder')}
          </label>
          <textarea
            ref={input}
            id="lr-ask-input"
            value={text}
            maxLength={TOPIC_MAX_CHARS}
            placeholder={moderated ? t('qa.placeholderModerated') : t('qa.placeholder')}
            onChange={(e) => setText(e.target.value)}
            rows={2}
          />
          <div className="lr-ask__row">
            <span className="lr-muted">
              {text.length}/{TOPIC_MAX_CHARS}
            </span>
            <button type="submit" className="button button--primary" disabled={ask.isPending || text.trim().length < 2}>
              {t('qa.ask')}
            </button>
          </div>
          {notice ? (
            <p className="lr-notice" role={notice.error ? 'alert' : 'status'}>
              {notice.text}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="lr-muted">{t('qa.closed')}</p>
      )}
      {list.isPending ? (
        <p className="lr-muted">{t('loading')}</p>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="lr-muted">{canAsk ? t('qa.empty') : t('qa.none')}</p>
      ) : (
        <ul className="lr-topics" data-testid="topic-list">
          {list.data.items.map((q) => (
            <li key={q.id} className="lr-topic" data-testid="topic" data-topic-id={q.id}>
              <div className="lr-topic__meta">
                <img src={q.user.avatar} alt="" width={24} height={24} className="lr-avatar" />
                <span>{q.user.nickname}</span>
                <span className="lr-muted">{formatDateTime(q.created_at, lang)}</span>
                {q.pinned ? <span className="badge">{t('qa.pinned')}</span> : null}
                {q.status === 'pending' ? <span className="badge lr-badge--warn">{t('qa.waiting')}</span> : null}
              </div>
              <p className="lr-topic__content">{q.content}</p>
              {q.answer ? (
                <p className="lr-topic__answer" data-testid="topic-answer">
                  <strong>{t('qa.answer')}</strong> {q.answer}
                </p>
              ) : null}
              <button
                type="button"
                className={`lr-like${q.is_like ? ' is-on' : ''}`}
                aria-pressed={q.is_like}
                disabled={q.status !== 'approved'}
                onClick={() => requireMember(() => like.mutate({ topicId: q.id, on: !q.is_like }))}
              >
                ▲ <span data-testid="like-count">{q.like_count}</span>
                <span className="visually-hidden">{t('qa.like')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '../api/support';

/** A conversation's messages, oldest first, scrolled to the newest; `mine` is the reader's side. */
export function MessageList({ messages, mine, empty }: { messages: SupportMessage[]; mine: 'visitor' | 'agent'; empty: string }) {
  const { t, i18n } = useTranslation('support');
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // In braces: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  if (messages.length === 0) return <p className="support-chat__empty">{empty}</p>;
  const time = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { hour: '2-digit', minute: '2-digit' });
  return (
    <ol className="support-messages" aria-live="polite">
      {messages.map((m) => (
        <li key={m.id} className={m.sender === mine ? 'support-message support-message--mine' : 'support-message'} data-support-message={m.sender}>
          <span className="support-message__who">
            {m.sender === 'agent' ? (m.agent_name ?? t('chat.agent')) : mine === 'visitor' ? t('chat.you') : t('agent.anonymous')} · {time.format(new Date(m.created_at))}
          </span>
          {m.kind === 'image' ? <img className="support-message__image" src={m.body} alt={t('chat.imageAlt')} loading="lazy" /> : <p className="support-message__text">{m.body}</p>}
        </li>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

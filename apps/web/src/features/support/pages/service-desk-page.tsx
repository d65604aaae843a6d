import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@medportal/contract';
import { SUPPORT_TEXT_MAX } from '@medportal/contract/constants';
import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { loadNamespaces } from '../../../shared/i18n';
import { requireLogin } from '../../../shared/session-guard';
import { getAgentConversation, getAgentConversations, markAgentRead, sendAgentMessage, type SupportMessage, useSupportSocket } from '../api/support';
import { MessageList } from './message-list';
import '../support.css';

type Conversations = DataOf<'supportAgentConversations'>;

export async function loader(args: Parameters<typeof requireLogin>[0]) {
  await loadNamespaces('support');
  return requireLogin(args);
}

/** `/online_service_im/agent`: the service agents' conversations, unread counts and replies. */
function ServiceDeskPage() {
  const { t } = useTranslation('support');
  const [list, setList] = useState<Conversations | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [text, setText] = useState('');
  const [typingIn, setTypingIn] = useState<number | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const openRef = useRef<number | null>(null);
  useEffect(() => {
    openRef.current = openId;
  }, [openId]);

  const refresh = useCallback(() => {
    getAgentConversations().then((l) => {
      setList(l);
      setFailed(null);
    }, setFailed);
  }, []);
  useEffect(refresh, [refresh]);

  const open = (id: number) => {
    setOpenId(id);
    setMessages([]);
    getAgentConversation(id).then((c) => setMessages(c.messages), setFailed);
    void markAgentRead(id).then(refresh);
  };

  const forbidden = isApiError(failed) && failed.code === ErrorCode.FORBIDDEN;
  const sendTyping = useSupportSocket(
    'agent',
    list !== null,
    (e) => {
      if (e.type === 'message') {
        if (e.message.conversation_id === openRef.current) {
          setMessages((old) => (old.some((m) => m.id === e.message.id) ? old : [...old, e.message]));
          if (e.message.sender === 'visitor') void markAgentRead(e.message.conversation_id);
          setTypingIn(null);
        }
        refresh();
      } else if (e.type === 'typing' && e.sender === 'visitor') {
        setTypingIn(e.conversation_id);
        setTimeout(() => setTypingIn((c) => (c === e.conversation_id ? null : c)), 4000);
      } else if (e.type === 'read') {
        refresh();
      }
    },
    () => {
      setConnected(true);
      refresh();
    },
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || openId === null) return;
    setSendError(null);
    try {
      const m = await sendAgentMessage(openId, body);
      setMessages((old) => (old.some((x) => x.id === m.id) ? old : [...old, m]));
      setText('');
    } catch (err) {
      setSendError(errorText(err));
    }
  };

  if (forbidden) {
    return (
      <div className="container support-page">
        <h1>{t('agent.heading')}</h1>
        <p role="alert">{t('agent.forbidden')}</p>
      </div>
    );
  }
  if (failed && !list) {
    return (
      <div className="container support-page">
        <h1>{t('agent.heading')}</h1>
        <p role="alert">{errorText(failed)}</p>
        <button type="button" className="button" onClick={refresh}>
          {t('chat.retry')}
        </button>
      </div>
    );
  }
  if (!list) {
    return (
      <div className="container support-page" aria-busy="true">
        <h1>{t('agent.heading')}</h1>
        <p>{t('chat.loading')}</p>
      </div>
    );
  }
  const current = list.items.find((c) => c.id === openId);
  return (
    <div className={openId === null ? 'container support-desk' : 'container support-desk support-desk--open'} data-service-desk data-socket={connected ? 'open' : 'connecting'}>
      <h1>{t('agent.heading')}</h1>
      <p className="support-desk__total">{t('agent.totalUnread', { count: list.total_unread })}</p>
      <div className="support-desk__panes">
        <nav className="support-desk__list" aria-label={t('agent.conversations')}>
          {list.items.length === 0 ? <p>{t('agent.none')}</p> : null}
          <ul>
            {list.items.map((c) => (
              <li key={c.id}>
                <button type="button" className={c.id === openId ? 'support-conv support-conv--active' : 'support-conv'} onClick={() => open(c.id)} data-conversation={c.id}>
                  <span className="support-conv__name">{c.visitor_name}</span>
                  {c.unread > 0 ? <span className="support-conv__badge" data-unread={c.unread}>{t('chat.unread', { count: c.unread })}</span> : null}
                  <span className="support-conv__last">{typingIn === c.id ? t('agent.visitorTyping') : (c.last_message?.kind === 'image' ? t('chat.imageAlt') : (c.last_message?.body ?? ''))}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="support-chat support-desk__chat" aria-label={current?.visitor_name ?? t('agent.pick')}>
          {openId === null || !current ? (
            <p className="support-chat__empty">{t('agent.pick')}</p>
          ) : (
            <>
              <button type="button" className="button button--ghost support-desk__back" onClick={() => setOpenId(null)}>
                {t('agent.back')}
              </button>
              <h2>
                {current.visitor_name} <small>{current.logged_in ? t('agent.registered') : t('agent.anonymous')}</small>
              </h2>
              <MessageList messages={messages} mine="agent" empty={t('chat.empty')} />
              <p className="support-chat__typing" aria-live="polite">{typingIn === openId ? t('agent.visitorTyping') : ''}</p>
              <form className="support-chat__form" onSubmit={(e) => void submit(e)}>
                <label className="visually-hidden" htmlFor="support-reply">{t('agent.reply')}</label>
                <textarea id="support-reply" name="reply" value={text} maxLength={SUPPORT_TEXT_MAX} placeholder={t('chat.placeholder')} onChange={(e) => { setText(e.target.value); sendTyping(openId); }} />
                <div className="support-chat__actions">
                  <button type="submit" className="button button--primary" disabled={!text.trim()}>
                    {t('agent.reply')}
                  </button>
                </div>
                {sendError ? <p role="alert" className="support-chat__error">{sendError}</p> : null}
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export const Component = ServiceDeskPage;

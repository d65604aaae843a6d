import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_TEXT_MAX } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { api } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { loadNamespaces } from '../../../shared/i18n';
import { getAccessToken } from '../../../shared/session';
import { getSupportSession, markSupportRead, sendSupportMessage, type SupportMessage, type SupportSession, useSupportSocket } from '../api/support';
import { OfflineForm } from './offline-form';
import { MessageList } from './message-list';
import '../support.css';

export async function loader(): Promise<null> {
  await loadNamespaces('support', 'pages');
  return null;
}

const merge = (list: SupportMessage[], more: SupportMessage[]) => {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** `/online_service_im`: the visitor's chat with customer service; outside hours also the contact form. */
function OnlineServicePage() {
  const { t } = useTranslation('support');
  const [session, setSession] = useState<SupportSession | null>(null);
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [failed, setFailed] = useState<unknown>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  const [connected, setConnected] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const fetchSession = () =>
    getSupportSession()
      .then((s) => {
        setSession(s);
        setMessages((old) => merge(old, s.messages));
        if (s.unread > 0) void markSupportRead();
      })
      .catch(setFailed);
  const load = () => {
    setFailed(null);
    void fetchSession();
  };
  useEffect(() => {
    void fetchSession();
    // Once per visit: later updates come over the socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sendTyping = useSupportSocket(
    'visitor',
    session !== null,
    (e) => {
      if (e.type === 'message') {
        setMessages((old) => merge(old, [e.message]));
        if (e.message.sender === 'agent') {
          setTyping(false);
          void markSupportRead();
        }
      } else if (e.type === 'typing' && e.sender === 'agent') {
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), 4000);
      }
    },
    () => {
      setConnected(true);
      // Reconnected: whatever arrived meanwhile comes with a fresh session.
      getSupportSession().then((s) => setMessages((old) => merge(old, s.messages)), () => undefined);
    },
  );

  const send = async (kind: 'text' | 'image', body: string) => {
    setSending(true);
    setSendError(null);
    try {
      const m = await sendSupportMessage(kind, body);
      setMessages((old) => merge(old, [m]));
      if (kind === 'text') setText('');
    } catch (err) {
      setSendError(errorText(err));
    } finally {
      setSending(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (body) void send('text', body);
  };
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const image = await api.upload('uploadImage', form);
      await send('image', image.url);
    } catch (err) {
      setSendError(errorText(err));
    }
  };

  if (failed) {
    return (
      <div className="container support-page" role="alert">
        <p>{t('chat.error')}</p>
        <button type="button" className="button" onClick={load}>
          {t('chat.retry')}
        </button>
      </div>
    );
  }
  if (!session) return <div className="container support-page" aria-busy="true">{t('chat.loading')}</div>;
  const days = session.hours.days.length === 7 ? (t('days.1') + '–' + t('days.7')) : session.hours.days.map((d) => t(`days.${d}` as 'days.1')).join('、');
  return (
    <div className="container support-page" data-support-chat>
      <header className="support-page__head">
        <h1>{t('chat.heading')}</h1>
        <p className={session.online ? 'support-status support-status--on' : 'support-status'}>{session.online ? t('chat.online') : t('chat.offline')}</p>
        <p className="support-page__hours">{t('chat.hours', { days, open: session.hours.open, close: session.hours.close })}</p>
        <p>{t('chat.intro')}</p>
      </header>
      <section className="support-chat" aria-label={t('chat.heading')} data-socket={connected ? 'open' : 'connecting'}>
        <MessageList messages={messages} mine="visitor" empty={t('chat.empty')} />
        <p className="support-chat__typing" aria-live="polite">{typing ? t('chat.typing') : ''}</p>
        <form className="support-chat__form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="support-text">{t('chat.placeholder')}</label>
          <textarea
            id="support-text"
            name="message"
            value={text}
            maxLength={SUPPORT_TEXT_MAX}
            placeholder={t('chat.placeholder')}
            onChange={(e) => {
              setText(e.target.value);
              sendTyping();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          <div className="support-chat__actions">
            {getAccessToken() ? (
              <label className="button button--ghost">
                {t('chat.image')}
                <input className="visually-hidden" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
              </label>
            ) : (
              // The upload endpoint needs an account: say so instead of offering a button that fails.
              <p className="support-chat__hint" data-testid="image-login-hint">
                {t('chat.imageLogin')} <Link to={paths.login.getHref(paths.onlineService.getHref())}>{t('chat.imageLoginLink')}</Link>
              </p>
            )}
            <button type="submit" className="button button--primary" disabled={sending || !text.trim()}>
              {sending ? t('chat.sending') : t('chat.send')}
            </button>
          </div>
          {sendError ? <p role="alert" className="support-chat__error">{sendError}</p> : null}
        </form>
      </section>
      {session.online ? null : (
        <section className="support-offline">
          <p>{t('chat.offlineHint')}</p>
          <OfflineForm />
        </section>
      )}
    </div>
  );
}

export const Component = OnlineServicePage;

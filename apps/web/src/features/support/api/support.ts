import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf, SupportMessage, SupportSocketEvent } from '@medportal/contract';
import { SUPPORT_VISITOR_HEADER } from '@medportal/contract/constants';
import { SUPPORT_AGENT_SOCKET_PATH, SUPPORT_SOCKET_PATH } from '@medportal/contract/routes';
import { useEffect, useRef } from 'react';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { getAccessToken } from '../../../shared/session';

export type SupportSession = DataOf<'supportSession'>;
export type Covid19 = DataOf<'covid19'>;
export type PreAct = DataOf<'preActUiConfig'>;
export type { SupportMessage };

/** The anonymous visitor's token, kept so a reload finds the same conversation (the cookie does too). */
const TOKEN_KEY = 'support_visitor_token';
const visitorHeaders = (): Record<string, string> => {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  return token ? { [SUPPORT_VISITOR_HEADER]: token } : {};
};

export async function getSupportSession(): Promise<SupportSession> {
  const data = await api.call('supportSession', { headers: visitorHeaders() });
  if (data.visitor_token) localStorage.setItem(TOKEN_KEY, data.visitor_token);
  return data;
}
export const sendSupportMessage = (kind: 'text' | 'image', body: string) =>
  api.call('supportSend', { body: { kind, body }, headers: visitorHeaders() });
export const markSupportRead = () => api.call('supportRead', { headers: visitorHeaders() });

export const getAgentConversations = () => api.call('supportAgentConversations');
export const getAgentConversation = (id: number) => api.call('supportAgentConversation', { params: { id } });
export const sendAgentMessage = (id: number, body: string) => api.call('supportAgentSend', { params: { id }, body: { kind: 'text', body } });
export const markAgentRead = (id: number) => api.call('supportAgentRead', { params: { id } });

/** Query keys of the epidemic map and the pre-event pages. */
export const supportKeys = {
  covid19: (lang: Lang) => ['covid19', lang] as const,
  preAct: (id: number, lang: Lang) => ['pre-act', id, lang] as const,
};

export const covid19QueryOptions = (lang: Lang) => queryOptions({ queryKey: supportKeys.covid19(lang), queryFn: ({ signal }) => api.call('covid19', { signal }) });
export const useCovid19 = () => useQuery(covid19QueryOptions(useLang()));
export const preActQueryOptions = (id: number, lang: Lang) =>
  queryOptions({ queryKey: supportKeys.preAct(id, lang), queryFn: ({ signal }) => api.call('preActUiConfig', { params: { id }, signal }) });
export const usePreAct = (id: number) => useQuery(preActQueryOptions(id, useLang()));

/**
 * Keeps a service socket open while mounted (reconnecting with backoff) and hands each event to
 * `onEvent`; returns a sender of typing frames. `onOpen` runs on every (re)connection, once the server has subscribed it,, where
 * the page refetches what it may have missed.
 */
export function useSupportSocket(kind: 'visitor' | 'agent', enabled: boolean, onEvent: (e: SupportSocketEvent) => void, onOpen: () => void) {
  const handlers = useRef({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });
  const socketRef = useRef<WebSocket | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const params = new URLSearchParams();
      const token = getAccessToken();
      if (token) params.set('access_token', token);
      const visitor = localStorage.getItem(TOKEN_KEY);
      if (kind === 'visitor' && visitor) params.set('visitor', visitor);
      const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(`${proto}//${window.location.host}${kind === 'agent' ? SUPPORT_AGENT_SOCKET_PATH : SUPPORT_SOCKET_PATH}?${params}`);
      socketRef.current = ws;
      ws.onmessage = (e: MessageEvent<string>) => {
        const event = JSON.parse(e.data) as SupportSocketEvent;
        if (event.type !== 'ready') return handlers.current.onEvent(event);
        // Subscribed: a refetch now leaves no gap before the live events.
        attempt = 0;
        handlers.current.onOpen();
      };
      ws.onclose = () => {
        socketRef.current = null;
        if (stopped) return;
        attempt += 1;
        timer = setTimeout(connect, Math.min(15_000, 500 * 2 ** attempt));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
    };
  }, [kind, enabled]);
  return (conversationId?: number) => {
    const ws = socketRef.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
  };
}

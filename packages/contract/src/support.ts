import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';
import { SUPPORT_TEXT_MAX } from './constants.ts';

/**
 * Online service (spec §2 `/online_service_im`, the right bar's customer service button): a chat
 * between a visitor (anonymous, known by a signed visitor token, or logged in) and the service
 * agents. Paths and shapes are ours (the spec shows none).
 */

/** A visitor may send this many messages per window (reserved atomically, like login attempts). */
export const SUPPORT_VISITOR_RATE = { max: 20, windowS: 60 } as const;
/** An uploaded image's path as the upload endpoint (`/v1/user/img`) returns it. */
export const SUPPORT_IMAGE_PATH = /^\/uploads\/\d{6}\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/;

export const SupportSender = z.enum(['visitor', 'agent']);
export const SupportKind = z.enum(['text', 'image']);

export const SupportMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender: SupportSender,
  kind: SupportKind,
  /** The text, or the image's path for `image`. */
  body: z.string(),
  /** Agent's nickname for agent messages; null for the visitor's. */
  agent_name: z.string().nullable(),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

/** Working hours in +08:00: weekdays (1 = Monday … 7 = Sunday) and HH:MM times. */
export const SupportHours = z.object({
  timezone: z.string(),
  days: z.array(z.number().int().min(1).max(7)),
  open: z.string(),
  close: z.string(),
});
export type SupportHours = z.infer<typeof SupportHours>;

export const SupportSessionData = z.object({
  /** Within working hours: agents answer; outside them the page offers the offline form. */
  online: z.boolean(),
  hours: SupportHours,
  conversation_id: z.number().int(),
  /** The anonymous visitor's signed token (also set as a cookie); null when logged in. */
  visitor_token: z.string().nullable(),
  /** Agent messages the visitor has not read. */
  unread: z.number().int(),
  messages: z.array(SupportMessage),
});
export type SupportSessionData = z.infer<typeof SupportSessionData>;

export const SupportSendBody = z.strictObject({
  kind: SupportKind.default('text'),
  body: z.string().trim().min(1).max(SUPPORT_TEXT_MAX),
});
export type SupportSendBody = z.infer<typeof SupportSendBody>;

export const SupportMessagesQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });
export const SupportMessagesData = z.object({ items: z.array(SupportMessage), unread: z.number().int() });

export const SupportConversation = z.object({
  id: z.number().int(),
  /** Nickname of a logged-in visitor, or e.g. "访客 #12" / "Visitor #12". */
  visitor_name: z.string(),
  logged_in: z.boolean(),
  /** Visitor messages no agent has read. */
  unread: z.number().int(),
  last_message: SupportMessage.nullable(),
  /** ISO 8601 instant of the last message (or the start). */
  updated_at: z.string(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

export const SupportConversationsData = z.object({ items: z.array(SupportConversation), total_unread: z.number().int() });
/** Whether the caller answers the service chat (has the service role), and what waits for the agents. */
export const SupportAgentMeData = z.object({ agent: z.boolean(), total_unread: z.number().int() });
export const SupportConversationParams = z.object({ id: Id });
export const SupportConversationData = z.object({ conversation: SupportConversation, messages: z.array(SupportMessage) });

/** Frames on the service sockets (server → client). `ready` comes once the socket is subscribed: whatever is published from then on reaches it, so that is when a client refetches what it may have missed. */
export type SupportSocketEvent =
  | { type: 'ready' }
  | { type: 'message'; message: SupportMessage }
  | { type: 'typing'; conversation_id: number; sender: 'visitor' | 'agent' }
  | { type: 'read'; conversation_id: number; reader: 'visitor' | 'agent' };


const define = <const E extends EndpointSchemas>(e: E) => e;

export const supportSchemas = {
  supportSession: define({
    summary: "The caller's service conversation (started on first call), working hours and its messages; anonymous callers get a signed visitor token",
    tags: ['support'],
    data: SupportSessionData,
  }),
  supportMessages: define({
    summary: "The caller's messages after an id (for reconnects)",
    tags: ['support'],
    query: SupportMessagesQuery,
    data: SupportMessagesData,
  }),
  supportSend: define({
    summary: `Sends a text or an uploaded image (path from /v1/user/img); at most ${SUPPORT_VISITOR_RATE.max} per ${SUPPORT_VISITOR_RATE.windowS} s, else RATE_LIMITED`,
    tags: ['support'],
    body: SupportSendBody,
    data: SupportMessage,
  }),
  supportRead: define({
    summary: "Marks the agents' messages read",
    tags: ['support'],
    data: z.null(),
  }),
  supportAgentMe: define({
    summary: 'Whether the caller is a service agent (the user centre links the agents\' page), with the unread total for agents',
    tags: ['support'],
    data: SupportAgentMeData,
  }),
  supportAgentConversations: define({
    summary: 'Service agents: conversations, most recent first, with unread counts',
    tags: ['support'],
    data: SupportConversationsData,
  }),
  supportAgentConversation: define({
    summary: 'Service agents: one conversation and its messages',
    tags: ['support'],
    params: SupportConversationParams,
    data: SupportConversationData,
  }),
  supportAgentSend: define({
    summary: 'Service agents: answers a conversation',
    tags: ['support'],
    params: SupportConversationParams,
    body: SupportSendBody,
    data: SupportMessage,
  }),
  supportAgentRead: define({
    summary: "Service agents: marks a conversation's visitor messages read",
    tags: ['support'],
    params: SupportConversationParams,
    data: z.null(),
  }),
} as const;

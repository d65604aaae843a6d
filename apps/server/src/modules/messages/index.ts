/** The messages module's public entry: the provider interface, the outbox and the sandbox's developer views. */
export { codeMessageText, type MessageSender, type OutgoingMessage } from './messages.adapter.ts';
export { MessageOutbox, type QueuedMessage } from './messages.outbox.ts';
export { pendingFor, SandboxSender, sandboxMessagesFor } from './messages.sandbox.ts';

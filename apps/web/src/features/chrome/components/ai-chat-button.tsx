/**
 * The floating AI chat button exists in the product but renders nothing (spec §1). It has its
 * place in the layout so turning it on later is a change to this file only.
 */
export function AiChatButton() {
  return null;
}

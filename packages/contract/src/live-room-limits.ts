/** Live-room limits the web needs without the schemas (zod-free, like routes.ts and codes.ts). */
export const TOPIC_MAX_CHARS = 300;
export const ANSWER_MAX_CHARS = 1000;
export const POLL_MAX_OPTIONS = 8;

/** The news module's public entry: what the account merge asks of likes, comments and reads. */
export { mergeNewsActivity } from './news.merge.ts';
export { newsShareInfo } from './news.share.ts';

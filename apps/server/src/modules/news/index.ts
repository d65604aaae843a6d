/** The news module's public entry: what the account merge asks of likes, comments and reads. */
export { mergeNewsActivity } from './news.merge.ts';
export { newsShareInfo } from './news.share.ts';
export { commentQueue, moderateComment, pendingCommentCount, type CommentQueueFilter } from './news.admin.ts';
/** Which news items readers see now (scheduled ones stay hidden until their instant). */
export { newsItemListed } from './news.visibility.ts';

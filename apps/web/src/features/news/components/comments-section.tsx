import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_COMMENT_MAX_LENGTH } from '@medportal/contract/constants';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { requireMember } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { DEFAULT_IMAGE, Image } from '../../../shared/ui/image';
import { COMMENT_PAGE_SIZE, type NewsComment, useNewsComments, usePostComment } from '../api/news';
import { DeleteCommentButton } from './delete-comment-button';
import { Pager } from '../../../shared/ui/pager';

/** One comment. The content is plain text and rendered as text (React escapes it). */
export function CommentItem({ comment, newsId }: { comment: NewsComment; newsId?: number }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <li className="news-comment">
      <Image src={comment.avatar_url || DEFAULT_IMAGE} alt="" className="news-comment__avatar" width={36} height={36} />
      <div className="news-comment__body">
        <div className="news-comment__meta">
          <span className="news-comment__name">{comment.nickname}</span>
          <time dateTime={comment.created_at}>{formatDateTime(comment.created_at, lang, zone)}</time>
          {comment.is_mine ? <DeleteCommentButton commentId={comment.id} newsId={newsId} /> : null}
        </div>
        <p className="news-comment__content">{comment.content}</p>
      </div>
    </li>
  );
}

function CommentForm({ newsId, onPosted }: { newsId: number; onPosted: () => void }) {
  const { t } = useTranslation('news');
  const inputId = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostComment(newsId);
  const trimmed = content.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    requireMember(() => {
      setError(null);
      post.mutate(trimmed, {
        onSuccess: () => {
          setContent('');
          onPosted();
        },
        onError: (e) => setError(errorText(e)),
      });
    });
  };
  return (
    <form className="news-comment-form" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="news-comment-form__label">
        {t('comments.label')}
      </label>
      <textarea
        id={inputId}
        value={content}
        maxLength={NEWS_COMMENT_MAX_LENGTH}
        rows={3}
        placeholder={t('comments.placeholder')}
        onChange={(e) => setContent(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      <div className="news-comment-form__footer">
        <span className="news-comment-form__count">
          {content.length}/{NEWS_COMMENT_MAX_LENGTH}
        </span>
        {error ? (
          <span id={`${inputId}-error`} className="news-comment-form__error" role="alert">
            {error}
          </span>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!trimmed || post.isPending}>
          {t('comments.submit')}
        </button>
      </div>
    </form>
  );
}

/** Comments on a news item: newest first, paged, with posting (members) and deleting one's own. */
export function CommentsSection({ newsId, count }: { newsId: number; count: number }) {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const query = useNewsComments(newsId, page);
  const headingId = useId();
  return (
    <section className="news-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('comments.title', { n: count })}</h2>
      <CommentForm newsId={newsId} onPosted={() => setPage(1)} />
      {query.isPending ? (
        <p className="news-comments__loading">{t('comments.loading')}</p>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="news-empty">{t('comments.empty')}</p>
      ) : (
        <>
          <ul className="news-comment-list">
            {query.data.items.map((c) => (
              <CommentItem key={c.id} comment={c} newsId={newsId} />
            ))}
          </ul>
          <Pager page={page} pageSize={COMMENT_PAGE_SIZE} total={query.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
}

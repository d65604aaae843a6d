import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPRAISE_CONTENT_MAX, APPRAISE_TAGS_MAX } from '@medportal/contract/constants';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { errorText } from '../../../shared/errors';
import { useLang } from '../../../shared/hooks/use-lang';
import { requireMember } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { APPRAISE_PAGE_SIZE, useAppraisals, useAppraise, useAppraiseTags, type CourseDetailData } from '../api/courses';
import { Pager } from '../../../shared/ui/pager';

function Stars({ value }: { value: number }) {
  return <span aria-hidden="true">{'★'.repeat(Math.round(value)) + '☆'.repeat(Math.max(0, 5 - Math.round(value)))}</span>;
}

/** Rating summary, appraisal list with paging, and the appraise form (a member action). */
export function AppraiseSection({ course }: { course: CourseDetailData }) {
  const { t } = useTranslation('course');
  const lang = useLang();
  const zone = useTimeZoneName();
  const [page, setPage] = useState(1);
  const list = useAppraisals(course.id, page);
  const tags = useAppraiseTags();
  const appraise = useAppraise(course.id);
  const [rating, setRating] = useState(5);
  const [content, setContent] = useState('');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    requireMember(() => {
      setDone(false);
      appraise.mutate({ rating, content, tag_ids: tagIds }, { onSuccess: () => setDone(true) });
    });
  };
  const toggleTag = (id: number) =>
    setTagIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < APPRAISE_TAGS_MAX ? [...ids, id] : ids));

  return (
    <section className="course-section" aria-labelledby="course-appraise-heading">
      <h2 id="course-appraise-heading">{t('appraise.heading')}</h2>
      <p className="rating-summary">
        <Stars value={course.rating.average} />{' '}
        {t('appraise.summary', { average: course.rating.average.toFixed(1), count: course.rating.count })}
      </p>
      <form className="appraise-form" onSubmit={submit} aria-label={t('appraise.form')}>
        <fieldset className="appraise-form__rating">
          <legend>{t('appraise.rating')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
              {t('appraise.stars', { count: n })}
            </label>
          ))}
        </fieldset>
        {tags.data?.items.length ? (
          <fieldset className="appraise-form__tags">
            <legend>{t('appraise.tags')}</legend>
            {tags.data.items.map((tag) => (
              <label key={tag.id} className="course-tag">
                <input type="checkbox" checked={tagIds.includes(tag.id)} onChange={() => toggleTag(tag.id)} />
                {tag.title}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className="appraise-form__content">
          {t('appraise.content')}
          <textarea value={content} maxLength={APPRAISE_CONTENT_MAX} rows={3} onChange={(e) => setContent(e.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={appraise.isPending}>
          {t('appraise.submit')}
        </button>
        {appraise.isError ? <p role="alert">{errorText(appraise.error)}</p> : null}
        {done ? <p role="status">{t('appraise.thanks')}</p> : null}
      </form>
      {list.isPending ? null : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="course-empty">{t('appraise.empty')}</p>
      ) : (
        <>
          <ul className="appraisal-list">
            {list.data.items.map((a) => (
              <li key={a.id} className="appraisal">
                <Image src={a.avatar_url || '/default-image.svg'} alt="" className="appraisal__avatar" width={36} height={36} />
                <div>
                  <p className="appraisal__head">
                    <strong>{a.nickname}</strong> <Stars value={a.rating} />
                    <span className="visually-hidden">{t('appraise.stars', { count: a.rating })}</span>{' '}
                    <time dateTime={a.created_at}>{formatDate(a.created_at, lang, zone)}</time>
                  </p>
                  {a.tags.length ? (
                    <p className="course-tags">
                      {a.tags.map((tag) => (
                        <span key={tag.id} className="course-tag">
                          {tag.title}
                        </span>
                      ))}
                    </p>
                  ) : null}
                  {/* Plain text: React escapes it. */}
                  <p className="appraisal__content">{a.content}</p>
                </div>
              </li>
            ))}
          </ul>
          <Pager numbered page={page} total={list.data.total} pageSize={APPRAISE_PAGE_SIZE} onChange={setPage} />
        </>
      )}
    </section>
  );
}

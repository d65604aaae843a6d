import { useTranslation } from 'react-i18next';
import type { SitePageSlug } from '@medportal/contract/codes';
import { ErrorState } from '../../../shared/ui/error-state';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type SitePage, useSitePage } from '../api/site-pages';
import { withBareLinks } from '../lib/bare-links';
import { SiteHtml } from './site-html';

function DocumentArticle({ page, bare }: { page: SitePage; bare: boolean }) {
  const { t } = useTranslation(['pages', 'common']);
  useTitleOverride(composeTitle(page.title, t('common:productName')));
  return (
    <article className="site-doc" data-site-page={page.slug}>
      <header className="site-doc__header">
        <h1 className="site-doc__title">{page.title}</h1>
        {page.version ? (
          <p className="site-doc__meta">
            {t('pages:doc.version', { version: page.version })}
            {page.effective_on ? (
              <>
                {' · '}
                {t('pages:doc.effective')} <time dateTime={page.effective_on}>{page.effective_on}</time>
              </>
            ) : null}
          </p>
        ) : null}
      </header>
      <SiteHtml className="site-doc__body prose" html={bare ? withBareLinks(page.body_html) : page.body_html} />
    </article>
  );
}

/** A site document by slug: skeleton while it loads, a retry on failure. */
export function DocumentView({ slug, bare = false }: { slug: SitePageSlug; bare?: boolean }) {
  const query = useSitePage(slug);
  if (query.isPending) {
    return (
      <div className="site-doc" aria-busy="true">
        <Skeleton height={32} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <DocumentArticle page={query.data} bare={bare} />;
}

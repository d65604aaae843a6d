import { SitePageSlug } from '@medportal/contract/codes';
import { loadNamespaces } from '../../../shared/i18n';
import { DocumentView } from '../components/document-view';
import '../site-pages.css';

/** Route loader of every site page: the `pages` texts arrive with the route. */
export async function loader(): Promise<null> {
  await loadNamespaces('pages');
  return null;
}

function page(slug: SitePageSlug, bare: boolean) {
  function DocumentPage() {
    return (
      <div className={bare ? 'site-doc-page site-doc-page--bare' : 'container site-doc-page'}>
        <DocumentView slug={slug} bare={bare} />
      </div>
    );
  }
  return { Component: DocumentPage, loader };
}

export const aboutRoute = page(SitePageSlug.ABOUT, false);
export const aboutBareRoute = page(SitePageSlug.ABOUT, true);
export const contractRoute = page(SitePageSlug.CONTRACT, false);
export const contractBareRoute = page(SitePageSlug.CONTRACT, true);
export const privacyRoute = page(SitePageSlug.PRIVACY, false);
export const privacyBareRoute = page(SitePageSlug.PRIVACY, true);
/** The app's third-party SDK list: a web-view page. */
export const privacySdkRoute = page(SitePageSlug.PRIVACY_SDK, true);

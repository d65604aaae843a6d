import { paths } from '../../../config/paths';

/** Documents that have a web-view variant: a bare page links to the bare variants of the others. */
const BARE_VARIANT: Record<string, string> = {
  [paths.aboutUs.getHref()]: paths.aboutBare.getHref(),
  [paths.contract.getHref()]: paths.contractBare.getHref(),
  [paths.privacy.getHref()]: paths.privacyBare.getHref(),
};

/** Rewrites links of sanitised HTML (`href="/privacy"`) to their bare variants. */
export function withBareLinks(html: string): string {
  return html.replace(/href="(\/[^"?#]*)/g, (whole, path: string) => {
    const bare = BARE_VARIANT[path];
    return bare ? `href="${bare}` : whole;
  });
}

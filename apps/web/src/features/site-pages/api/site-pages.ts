import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactFormBody, DataOf, SitePageSlug } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { api, isApiError } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';

export type SitePage = DataOf<'sitePage'>;
export type ProductPage = DataOf<'productPage'>;
export type ContactFormResult = DataOf<'contactForm'>;
export type ProductLives = DataOf<'liveProduct'>;

/** Keys the server accepts for products and documents (anything else cannot exist). */
export const PAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Query keys of documents, product pages and product lives. */
export const sitePageKeys = {
  page: (slug: string, lang: Lang) => ['site-page', slug, lang] as const,
  product: (key: string, lang: Lang) => ['product-page', key, lang] as const,
  productLives: (product: string, lang: Lang) => ['product-lives', product, lang] as const,
};

/** The server said the thing does not exist (or the path is not an API route at all). */
export const isNotFoundError = (error: unknown): boolean =>
  isApiError(error) && ((error.kind === 'business' && error.code === ErrorCode.NOT_FOUND) || (error.kind === 'http' && error.status === 404));

export const getSitePage = (slug: string, signal?: AbortSignal) => api.call('sitePage', { params: { slug }, signal });
export const getProductPage = (key: string, signal?: AbortSignal) =>
  api.call('productPage', { params: { key }, signal });

/** Documents change rarely: kept fresh for ten minutes. */
export const sitePageQueryOptions = (slug: SitePageSlug, lang: Lang) =>
  queryOptions({ queryKey: sitePageKeys.page(slug, lang), queryFn: ({ signal }) => getSitePage(slug, signal), staleTime: 10 * 60_000 });
/** Every unknown single-segment path asks for a product: "not found" is an answer, never retried. */
export const productPageQueryOptions = (key: string, lang: Lang) =>
  queryOptions({
    queryKey: sitePageKeys.product(key, lang),
    queryFn: ({ signal }) => getProductPage(key, signal),
    staleTime: 10 * 60_000,
    retry: (failures, error) => failures < 2 && !isNotFoundError(error) && !(isApiError(error) && error.kind === 'business'),
  });

export const useSitePage = (slug: SitePageSlug) => useQuery(sitePageQueryOptions(slug, useLang()));
export const useProductPage = (key: string) => useQuery(productPageQueryOptions(key, useLang()));
/** The product's lives (statuses move with the clock: a minute fresh). A product no live was ever tagged with is "not found": shown as empty. */
export const useProductLives = (product: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: sitePageKeys.productLives(product, lang),
    queryFn: ({ signal }) => api.call('liveProduct', { params: { product }, signal }),
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && !isNotFoundError(error) && !(isApiError(error) && error.kind === 'business'),
  });
};

export const useContactForm = () =>
  useMutation({ mutationFn: (body: ContactFormBody) => api.call('contactForm', { body }) });

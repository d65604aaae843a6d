import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ActionLink } from '../../../shared/ui/action-link';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type ProductPage as ProductPageData, useProductPage } from '../api/site-pages';
import { ProductLives } from '../components/product-lives';
import { SiteHtml } from '../components/site-html';
import '../site-pages.css';

function Product({ product }: { product: ProductPageData }) {
  const { t } = useTranslation(['pages', 'common']);
  useTitleOverride(composeTitle(product.title, t('common:productName')));
  const [main, ...more] = product.links;
  return (
    <article className="product-page" data-product={product.key}>
      <header className="product-hero">
        <Image src={product.icon} alt="" width={72} height={72} className="product-hero__icon" priority />
        <div className="product-hero__text">
          <h1>{product.title}</h1>
          <p className="product-hero__desc">{product.desc}</p>
          {main ? (
            <ActionLink action={main.action} className="button button--primary product-hero__cta">
              {main.title}
            </ActionLink>
          ) : null}
        </div>
      </header>
      {product.intro_html ? <SiteHtml className="product-page__intro prose" html={product.intro_html} /> : null}
      {product.features.length ? (
        <section className="product-section" aria-labelledby="product-features">
          <h2 id="product-features">{t('pages:product.features')}</h2>
          <ul className="product-features">
            {product.features.map((f) => (
              <li key={f.title} className="product-feature">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ProductLives product={product.key} />
      {more.length ? (
        <section className="product-section" aria-labelledby="product-links">
          <h2 id="product-links">{t('pages:product.links')}</h2>
          <ul className="product-links">
            {more.map((l) => (
              <li key={l.title}>
                <ActionLink action={l.action} className="product-link">
                  {l.title}
                </ActionLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.others.length ? (
        <section className="product-section" aria-labelledby="product-others">
          <h2 id="product-others">{t('pages:product.others')}</h2>
          <ul className="product-others">
            {product.others.map((o) => (
              <li key={o.key}>
                <Link to={paths.product.getHref(o.key)} className="product-other">
                  <Image src={o.icon} alt="" width={40} height={40} />
                  <span>
                    <strong>{o.title}</strong>
                    <small>{o.desc}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** `/{product}`: a sister product's landing page (the route's loader answers 404 for unknown keys). */
export function ProductPage() {
  const { product: key = '' } = useParams();
  const query = useProductPage(key);
  return (
    <div className="container">
      {query.isPending ? (
        <div className="product-page" aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={16} />
          <Skeleton height={16} width="70%" />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Product product={query.data} />
      )}
    </div>
  );
}

export const Component = ProductPage;

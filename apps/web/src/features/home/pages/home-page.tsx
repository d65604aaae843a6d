import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state';
import { Later } from '../../../shared/ui/later';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../shared/ui/page-meta';
import { websiteLd } from '../../../shared/ui/structured-data';
import { useHomeBlocks } from '../api/get-home-blocks';
import { useSideBanners } from '../api/get-side-banners';
import { HomeBlockView, visibleBlocks } from '../components/home-blocks';
import { HomeSkeleton } from '../components/home-skeleton';
import '../home.css';

const FIRST_SCREEN_BLOCKS = 2;

/** The home page: the server's blocks in order (spec §1). */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const home = useHomeBlocks();
  const side = useSideBanners();
  usePageMeta({ jsonLd: [websiteLd(t('common:productName'), t('common:siteDescription'), paths.search.getHref())] });

  return (
    <div className="container home">
      <h1 className="visually-hidden">{t('common:productName')}</h1>
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        visibleBlocks(home.data.blocks).map((block, i) =>
          // The first screen (banner and the block after it) renders at once; the blocks below it
          // render in slices after that, not in the same long task.
          i < FIRST_SCREEN_BLOCKS ? (
            <HomeBlockView key={`${block.layout}-${block.id}`} block={block} sideBanners={side.data?.items} />
          ) : (
            <Later key={`${block.layout}-${block.id}`}>
              <HomeBlockView block={block} sideBanners={side.data?.items} />
            </Later>
          ),
        )
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state';
import { useHomeBlocks } from '../api/get-home-blocks';
import { useSideBanners } from '../api/get-side-banners';
import { HomeBlockView, visibleBlocks } from '../components/home-blocks';
import { HomeSkeleton } from '../components/home-skeleton';
import '../home.css';

/** The home page: the server's blocks in order (spec §1). */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const home = useHomeBlocks();
  const side = useSideBanners();

  return (
    <div className="container home">
      <h1 className="visually-hidden">{t('common:productName')}</h1>
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        visibleBlocks(home.data.blocks).map((block) => (
          <HomeBlockView key={`${block.layout}-${block.id}`} block={block} sideBanners={side.data?.items} />
        ))
      )}
    </div>
  );
}

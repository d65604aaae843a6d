import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { addSearchHistory } from '../../../shared/search-history';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useHotWords } from '../api/search';

/** Hot search words as links to their search; following one records it in the history. */
export function HotWordLinks() {
  const { t } = useTranslation('search');
  const hot = useHotWords();
  if (hot.isPending) return <Skeleton height={28} width={240} />;
  // The hint is optional here: without hot words the empty state still reads well.
  if (hot.isError || hot.data.items.length === 0) return null;
  return (
    <nav className="search-hot" aria-label={t('page.hotWords')} data-testid="search-hot-words">
      <ul>
        {hot.data.items.map((w) => (
          <li key={w.id}>
            <Link to={paths.search.getHref(w.word)} className="search-hot__word" onClick={() => addSearchHistory(w.word)}>
              {w.word}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

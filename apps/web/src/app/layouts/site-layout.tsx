import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AiChatButton } from '../../features/chrome/components/ai-chat-button';
import { Footer } from '../../features/chrome/components/footer';
import { NavBar } from '../../features/chrome/components/nav-bar';
import { RightBar } from '../../features/chrome/components/right-bar';
import { TopBar } from '../../features/chrome/components/top-bar';
import '../../features/chrome/chrome.css';
import { PageHydrated } from '../../shared/hydration';
import { PageFallback } from '../../shared/ui/page-fallback';

/** Pages with the site chrome: top bar, navigation, right-hand bar, footer. */
export function SiteLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="site">
      {/* The first Tab stop of every page. It moves focus itself: following `#main` would put a
          hash in the URL, and some pages keep their state there (`/news#12`). */}
      <a
        className="skip-link"
        href="#main"
        data-chrome="skip-link"
        onClick={(event) => {
          const main = document.getElementById('main');
          if (!main) return;
          event.preventDefault();
          main.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <TopBar />
        <NavBar />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
      <Footer />
      <RightBar />
      <AiChatButton />
    </div>
  );
}

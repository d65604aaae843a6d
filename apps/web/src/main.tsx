// Global styles first, so feature styles that follow can refine them.
import './styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { detectLanguage, initI18n } from './shared/i18n';
import { startCrossTabSync } from './shared/session';
import { ensureSession } from './shared/session-guard';

const lang = detectLanguage();
// Translations, the session check and the first route's data and code all load in parallel.
const i18nReady = initI18n(lang);
startCrossTabSync();
void ensureSession();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

void i18nReady.finally(() => {
  // A transition: React renders the first page in slices that yield to the browser instead of
  // one long task, so the page answers input while it is built.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
});

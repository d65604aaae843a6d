import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { consoleTexts } from './areas';
import { consoleLanguage, startI18n } from './i18n';
import { shellTexts } from './texts';
import { ConsoleApp } from './app';

/** The operator console's entry (admin.html): its language and texts first, then the app. */
const lang = consoleLanguage();
await startI18n(lang, consoleTexts(shellTexts));
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp initialLang={lang} />
    </StrictMode>,
  );
}

// React Router's default browser entry, except that it hydrates once the page's translations are in: they are no
// longer part of the loader data (issue 11), and hydrating without them would replace every text with its key.
// The page head preloads the same URL, so this waits for a request that started with the HTML. Should the fetch
// fail, the page stays as the server rendered it: links and forms work as without JavaScript.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { readHead } from './client/head.ts';
import { warmUpIntl } from './client/intl-warm-up.ts';
import { loadDictionary } from './components/dictionary-store.ts';

const head = readHead();

// Hydration is the page's heaviest script work; start it after the browser has painted the server's HTML once
// (a frame callback runs just before a paint, a task queued from it just after), so the first paint never
// waits for it on a slow device.
const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// The browser's Intl set-up runs in a worker meanwhile, so no hydration task pays for it (client/intl-warm-up.ts).
Promise.all([loadDictionary(head.locale, head.translationsUrl), painted, warmUpIntl(head.locale)]).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error('Translations could not be loaded; the page stays without scripts.', error),
);

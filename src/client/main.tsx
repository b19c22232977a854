import { StrictMode, startTransition } from 'react';
import { changeLanguage, initI18n } from './lib/i18n';
import { setSiteOrigin } from './lib/site';
import { App, createQueryClient, takeOverServerData } from './app/app';
import { readPageState } from './app/page-state';
import { loadPage, matchPage } from './app/router';

/**
 * Lets the browser run what waits (a tap, a paint) before the next step: on a slow phone, starting the
 * app is then a few short tasks instead of one long one.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A page the server rendered is taken over as it is (its language, data and route); otherwise the
// app renders from nothing (the development server).
const state = readPageState();
// React DOM's client is the largest library the app runs when it starts: asked for here, it runs in a
// task of its own (a tap can be answered before and after it) while translations are set up.
const reactDom = import('react-dom/client');
// Translations arrive before the first render, so no text flashes in another language.
const chosenLanguage = await initI18n(state);
await nextTask();
const queryClient = createQueryClient();
if (state) {
  setSiteOrigin(state.origin);
  takeOverServerData(queryClient, state.queries);
}
// The server's HTML is taken over once this page's code is here, so the first render is the server's.
// When that code cannot be fetched (a deploy replaced it), the app renders from nothing and shows its
// error page.
const hydrate = state
  ? await loadPage(matchPage(window.location.pathname).definition).then(
      () => true,
      () => false,
    )
  : false;
await nextTask();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
const container = document.getElementById('root')!;
const { createRoot, hydrateRoot } = await reactDom;
// Taking the page over is a transition: React yields to the browser every few milliseconds, so a
// tap or a scroll is not held up behind it (a page is shown already; nothing waits for it).
if (hydrate) startTransition(() => void hydrateRoot(container, app));
else {
  container.replaceChildren();
  createRoot(container).render(app);
}
if (chosenLanguage) void changeLanguage(chosenLanguage);

import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { makeStore } from './app/store';
import { loadPersistedAuth, persistAuth } from './app/persist-auth';
import { keepServerShell } from './app/server-shell';
import { AppRoutes, prefetchOnIntent } from './app/router';
import { keepNewVersionAtHand } from './lib/stale-chunk';
import './theme/global.css';

// The saved session is read before the first render, so the first screen is drawn once, signed in or not.
const savedAuth = loadPersistedAuth();
const store = makeStore(savedAuth ? { auth: savedAuth } : undefined);
persistAuth(store);
keepServerShell(document.getElementById('root')!);
prefetchOnIntent();
keepNewVersionAtHand();

// The first render is a transition, so React renders in slices and lets the browser in between
// (a phone stays responsive while the app starts); the server's markup stays on screen meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  ),
);

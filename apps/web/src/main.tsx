import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { makeStore } from './app/store';
import { loadPersistedAuth, persistAuth } from './app/persist-auth';
import { keepServerShell } from './app/server-shell';
import { AppRoutes, prefetchOnIntent } from './app/router';
import './theme/global.css';

// The saved session is read before the first render, so the first screen is drawn once, signed in or not.
const savedAuth = loadPersistedAuth();
const store = makeStore(savedAuth ? { auth: savedAuth } : undefined);
persistAuth(store);
keepServerShell(document.getElementById('root')!);
prefetchOnIntent();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);

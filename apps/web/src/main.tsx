import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { makeStore, persistStore } from './app/store';
import { AppRoutes, prefetchOnIntent, prefetchRoute } from './app/router';
import './theme/global.css';

const store = makeStore();
const persistor = persistStore(store);
prefetchOnIntent();

// The first page's chunk is already on its way (the server names it in the HTML): waiting for it
// lets the first render show the page itself, not a placeholder over the server's shell. A failed
// load renders anyway, and the route shows its own error.
void prefetchRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Provider store={store}>
          <PersistGate persistor={persistor} loading={null}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </PersistGate>
        </Provider>
      </StrictMode>,
    ),
  );

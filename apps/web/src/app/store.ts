import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { api as Api } from './api';
import { authReducer } from '../features/auth/auth-slice';
import { uiReducer } from '../features/ui/ui-slice';
import { themeReducer } from '../features/theme/theme-slice';
import { readSavedTheme } from '../features/theme/theme';

type ServerApi = typeof Api;

/**
 * The store starts without the server API (RTK Query, app/api.ts): a page that draws without server
 * data, such as the home page's first screen, does not load it. The API joins the store when the
 * first module that calls the server is loaded (`injectApi`, from api.ts).
 */
const rootReducer = combineSlices({
  auth: authReducer,
  ui: uiReducer,
  theme: themeReducer,
}).withLazyLoadedSlices<WithSlice<ServerApi>>();

const serverMiddleware = createDynamicMiddleware();

/**
 * The state as every reader sees it: with the API's part, since only code that has loaded the API
 * (and so injected it, with its state started) reads that part.
 */
export type RootState = ReturnType<typeof rootReducer> & WithSlice<ServerApi>;

/** Dispatched to a store once the API has joined it, so its state and middleware start at once. */
const apiInjected = createAction('app/apiInjected');

let injectedApi: ServerApi | undefined;
/** Stores made before the API was loaded; each is told once it is (then the list is emptied). */
const waitingStores = new Set<{ dispatch: (action: UnknownAction) => unknown }>();

/** Adds the server API's reducer and middleware to every store, made or to be made. Called once, by api.ts. */
export function injectApi(api: ServerApi): void {
  if (injectedApi) return;
  injectedApi = api;
  rootReducer.inject(api);
  serverMiddleware.addMiddleware(api.middleware);
  for (const store of waitingStores) store.dispatch(apiInjected());
  waitingStores.clear();
}

/** Forgets every cached server reply; nothing to forget when the API has not been loaded. */
export const serverCacheCleared =
  (): ThunkAction<void, RootState, unknown, UnknownAction> =>
  (dispatch): void => {
    if (injectedApi) dispatch(injectedApi.util.resetApiState());
  };

/** The app's store. Only the auth slice is kept in the browser: main.tsx loads and saves it (persist-auth.ts). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: {
      ...preloadedState,
      theme: preloadedState?.theme ?? { theme: readSavedTheme() },
    } as never,
    middleware: (getDefault) => getDefault().concat(serverMiddleware.middleware),
  });
  if (!injectedApi) waitingStores.add(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

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
import type { Theme } from '@atelier/shared';
import type { api as Api } from './api';
import type { AuthState } from './session';
import { uiReducer } from './ui-slice';

type ServerApi = typeof Api;

export interface ThemeState {
  theme: Theme;
}

/** The slices whose reducers belong to features: the app's store module adds them (`addFeatureSlices`). */
interface FeatureSlices {
  auth: AuthState;
  theme: ThemeState;
}

/**
 * The store starts without the server API (RTK Query, lib/api.ts): a page that draws without server
 * data, such as the home page's first screen, does not load it. The API joins the store when the
 * first module that calls the server is loaded (`injectApi`, from api.ts). The auth and theme slices
 * are their features' own; app/store.ts adds them before it makes a store.
 */
const rootReducer = combineSlices({
  ui: uiReducer,
}).withLazyLoadedSlices<FeatureSlices & WithSlice<ServerApi>>();

const serverMiddleware = createDynamicMiddleware();

/**
 * The state as every reader sees it: with the API's part, since only code that has loaded the API
 * (and so injected it, with its state started) reads that part.
 */
export type RootState = ReturnType<typeof rootReducer> & FeatureSlices & WithSlice<ServerApi>;

/** Adds the features' slices to the reducer. Called once, by app/store.ts, before any store is made. */
export function addFeatureSlices(reducers: { [K in keyof FeatureSlices]: Reducer<FeatureSlices[K]> }): void {
  rootReducer.inject({ reducerPath: 'auth', reducer: reducers.auth });
  rootReducer.inject({ reducerPath: 'theme', reducer: reducers.theme });
}

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

/** A store over the root reducer; the app makes its store with app/store.ts's `makeStore`, which adds the features' slices. */
export function configureAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState: preloadedState as never,
    middleware: (getDefault) => getDefault().concat(serverMiddleware.middleware),
  });
  if (!injectedApi) waitingStores.add(store);
  return store;
}

export type AppStore = ReturnType<typeof configureAppStore>;
export type AppDispatch = AppStore['dispatch'];

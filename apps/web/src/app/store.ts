import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { authReducer } from '../features/auth/auth-slice';
import { uiReducer } from '../features/ui/ui-slice';
import { themeReducer } from '../features/theme/theme-slice';
import { readSavedTheme } from '../features/theme/theme';

const rootReducer = combineReducers({
  auth: authReducer,
  ui: uiReducer,
  theme: themeReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The app's store. Only the auth slice is kept in the browser: main.tsx loads and saves it (persist-auth.ts). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      ...preloadedState,
      theme: preloadedState?.theme ?? { theme: readSavedTheme() },
    } as never,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

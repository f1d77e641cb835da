import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { LIMITS, STORAGE_KEYS } from '@atelier/shared';
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

/** Only the auth slice is persisted, under the key `root`, with a 5000 ms timeout (spec §4). */
const persistedReducer = persistReducer(
  { key: STORAGE_KEYS.persistRoot, storage, whitelist: ['auth'], timeout: LIMITS.persistTimeoutMs },
  rootReducer,
);

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: {
      theme: { theme: readSavedTheme() },
      ...preloadedState,
    } as never,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        api.middleware,
      ),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export { persistStore };

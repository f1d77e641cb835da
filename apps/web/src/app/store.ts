import { authReducer } from '../features/auth';
import { readSavedTheme, themeReducer } from '../features/theme';
import { addFeatureSlices, configureAppStore, type RootState } from '../lib/store';

// The store's shape and the server API's place in it are lib/store.ts's; the slices are the features'.
addFeatureSlices({ auth: authReducer, theme: themeReducer });

/** The app's store. Only the auth slice is kept in the browser: main.tsx loads and saves it (persist-auth.ts). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureAppStore({ ...preloadedState, theme: preloadedState?.theme ?? { theme: readSavedTheme() } });
}

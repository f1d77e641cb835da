import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME } from '@atelier/shared';
import type { ThemeState } from '../../lib/store';
import { isTheme, nextTheme } from './theme';

export type { ThemeState };

const themeSlice = createSlice({
  name: 'theme',
  initialState: { theme: DEFAULT_THEME } as ThemeState,
  reducers: {
    themeSet(state, action: PayloadAction<string>) {
      state.theme = isTheme(action.payload) ? action.payload : DEFAULT_THEME;
    },
    themeCycled(state) {
      state.theme = nextTheme(state.theme);
    },
  },
});

export const { themeSet, themeCycled } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

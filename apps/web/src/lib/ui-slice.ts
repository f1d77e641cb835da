import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MODELS_BY_TYPE, type AspectRatio, type ContentType } from '@atelier/shared';

export type AuthModalMode = 'login' | 'signup' | 'forgotPassword';

/** What the Generate dialog opens holding: an item's type, model, prompt and settings. */
export interface GeneratePrefill {
  selectedModel: string;
  prompt: string;
  preset: GeneratePreset;
}

/**
 * What a visitor started when the auth modal stopped them; it is completed or restored once they
 * are signed in: the Generate dialog opens (holding an item's settings), a page opens, a like or a
 * follow is applied, a draft returns to its box (`key` names the box, e.g. `comment:<contentId>`).
 */
export type AuthIntent =
  | { kind: 'generate'; contentType: ContentType; prefill?: GeneratePrefill }
  | { kind: 'navigate'; to: string }
  | { kind: 'like'; contentId: string }
  | { kind: 'follow'; userId: string }
  | { kind: 'draft'; key: string; text: string };

/** Settings an item's "Use these settings" or "Remix" fills the Generate dialog with. */
export interface GeneratePreset {
  seed?: number;
  strength?: number;
  aspectRatio?: AspectRatio | null;
  negativePrompt?: string | null;
  /** The item's reference image (its owner's own link), loaded into the dialog as the chosen file. */
  referenceImageUrl?: string | null;
  /** The public item being remixed, credited in the dialog and sent as `remixOf`. */
  remixOf?: { id: string; title: string; ownerName: string };
}

/** Spec §3 "UI state": the auth modal, the model (generate) dialog and the menu-open flag. */
export interface UiState {
  authModal: { isOpen: boolean; mode: AuthModalMode; intent: AuthIntent | null };
  modelDialog: {
    isOpen: boolean;
    contentType: ContentType | null;
    selectedModel: string | null;
    prompt: string;
    /** Absent: the dialog starts from its defaults. */
    preset?: GeneratePreset | null;
  };
  isMenuOpen: boolean;
  /**
   * A like, follow or draft carried through sign-in, waiting for the control it belongs to
   * (`useResumedIntent`) to complete it; cleared once taken, or after a short while.
   */
  resumedIntent?: AuthIntent | null;
}

export const initialUiState: UiState = {
  authModal: { isOpen: false, mode: 'login', intent: null },
  modelDialog: { isOpen: false, contentType: null, selectedModel: null, prompt: '' },
  isMenuOpen: false,
};

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    authModalOpened(state, action: PayloadAction<AuthModalMode | undefined>) {
      state.authModal = { isOpen: true, mode: action.payload ?? 'login', intent: null };
      // The sign-in dialog replaces the mobile menu; it must not be waiting underneath afterwards.
      state.isMenuOpen = false;
    },
    /** Opens the modal on the way to something that needs an account; signing in then carries on there. */
    authModalOpenedFor(state, action: PayloadAction<{ mode: AuthModalMode; intent: AuthIntent }>) {
      state.authModal = { isOpen: true, mode: action.payload.mode, intent: action.payload.intent };
      state.isMenuOpen = false;
    },
    authModalClosed(state) {
      state.authModal.isOpen = false;
      state.authModal.intent = null;
    },
    authModalModeSet(state, action: PayloadAction<AuthModalMode>) {
      state.authModal.mode = action.payload;
    },
    /** Toggling switches between login and signup. */
    authModalModeToggled(state) {
      state.authModal.mode = state.authModal.mode === 'login' ? 'signup' : 'login';
    },
    /** Signed in: hands a like, follow or draft the visitor started to the control that completes it. */
    intentResumed(state, action: PayloadAction<AuthIntent>) {
      state.resumedIntent = action.payload;
    },
    resumedIntentTaken(state) {
      state.resumedIntent = null;
    },
    modelDialogOpened(state, action: PayloadAction<{ contentType: ContentType; selectedModel?: string | null }>) {
      state.modelDialog = {
        isOpen: true,
        contentType: action.payload.contentType,
        selectedModel: action.payload.selectedModel ?? null,
        prompt: '',
      };
    },
    /** Opens the dialog filled with an item's type, model, prompt and settings. */
    modelDialogPrefilled(
      state,
      action: PayloadAction<{
        contentType: ContentType;
        selectedModel: string;
        prompt: string;
        preset: GeneratePreset;
      }>,
    ) {
      state.modelDialog = { isOpen: true, ...action.payload };
    },
    modelDialogClosed(state) {
      state.modelDialog.isOpen = false;
      delete state.modelDialog.preset;
    },
    modelDialogReset(state) {
      state.modelDialog = initialUiState.modelDialog;
    },
    /** Choosing a type keeps the prompt but resets the model to that type's first model. */
    modelDialogTypeChosen(state, action: PayloadAction<ContentType>) {
      state.modelDialog.contentType = action.payload;
      state.modelDialog.selectedModel = MODELS_BY_TYPE[action.payload][0]?.id ?? null;
    },
    modelSelected(state, action: PayloadAction<string | null>) {
      state.modelDialog.selectedModel = action.payload;
    },
    promptSet(state, action: PayloadAction<string>) {
      state.modelDialog.prompt = action.payload;
    },
    menuOpened(state) {
      state.isMenuOpen = true;
    },
    menuClosed(state) {
      state.isMenuOpen = false;
    },
    menuToggled(state) {
      state.isMenuOpen = !state.isMenuOpen;
    },
  },
});

export const uiActions = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

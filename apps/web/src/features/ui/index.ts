/** The UI state's face: which dialog is open and what it is for. */
export { type AuthModalMode, type GeneratePreset, uiActions } from './ui-slice';

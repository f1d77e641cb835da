/** The UI state's face: which dialog is open and what it is for. */
export { type AuthModalMode, uiActions } from './ui-slice';

/** The UI state's face: which dialog is open and what it is for. */
export {
  type AuthIntent,
  type AuthModalMode,
  type GeneratePrefill,
  type GeneratePreset,
  uiActions,
} from '../../lib/ui-slice';
export { useResumedIntent } from './use-resumed-intent';

/** The one credits format of the app (components/format-credits.ts), as the header shows the balance. */
export { formatCredits } from '../../../components/format-credits';

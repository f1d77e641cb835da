/**
 * Billing's face. The router and pages/ reach its pages and widgets; the Generate dialog loads the
 * credit packs and checkout (lazily) as its buy step when someone runs short.
 */
export { BuyCredits } from './components/buy-credits';

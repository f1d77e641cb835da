/** "1 credit", "1,250 credits": the balance as the header shows it. */
export function formatCredits(credits: number): string {
  return `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`;
}

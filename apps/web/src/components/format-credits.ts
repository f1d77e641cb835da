/** A number of credits as every page writes it, grouped: "1,118". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** "1 credit", "1,250 credits": a balance or a price in credits. */
export function formatCredits(credits: number): string {
  return `${formatCount(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

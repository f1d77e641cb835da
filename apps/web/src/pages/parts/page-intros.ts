import type { PageHeaderProps } from './page-header';

/** The pricing page's top band. Fixed words, so the web build also puts it in the page's HTML (page-shells.tsx). */
export const PRICING_INTRO = {
  eyebrow: 'Pricing',
  title: 'Pay for what you make, nothing more',
  lead: 'Every generation costs a fixed number of credits, shown before you press Generate. Failed generations are refunded automatically.',
} satisfies PageHeaderProps;

import { useGetPublicConfigQuery } from '../../lib/public-config';

export type PaymentConfig =
  { provider: 'local'; isLoading: boolean } | { provider: 'stripe'; publishableKey: string; isLoading: false };

/**
 * Which checkout this deployment uses. Stripe only when the server says so and gave a publishable
 * key; anything else (still loading, an error) is the local checkout.
 */
export function usePaymentConfig(): PaymentConfig {
  const { data, isLoading } = useGetPublicConfigQuery();
  const config = data;
  if (config?.paymentProvider === 'stripe' && config.stripePublishableKey) {
    return { provider: 'stripe', publishableKey: config.stripePublishableKey, isLoading: false };
  }
  return { provider: 'local', isLoading };
}

import { z } from 'zod';
import type { AppModule } from '../../platform/http/types.js';

/** What the web app needs to know about this deployment; nothing secret. */
export const metaRoutes: AppModule = (app, { config }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public configuration of this deployment',
        response: {
          200: z.object({
            data: z.object({
              googleClientId: z.string().nullable(),
              facebookAppId: z.string().nullable(),
              signupCredits: z.number().int(),
              /** The renderer most models use; 'local' is the built-in stand-in, not an AI model. */
              generationProvider: z.string(),
              /** Which checkout the web app shows: 'local' (our card form) or 'stripe' (Stripe's embedded checkout). */
              paymentProvider: z.enum(['local', 'stripe']),
              /** Stripe.js needs it when paymentProvider is 'stripe'; public by design. */
              stripePublishableKey: z.string().nullable(),
            }),
          }),
        },
      },
    },
    async () => ({
      data: {
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        facebookAppId: config.FACEBOOK_APP_ID ?? null,
        signupCredits: config.SIGNUP_CREDITS,
        generationProvider: config.GENERATION_PROVIDER.split(',')[0]?.trim() || 'local',
        paymentProvider: config.STRIPE_SECRET_KEY ? ('stripe' as const) : ('local' as const),
        stripePublishableKey: config.STRIPE_SECRET_KEY ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      },
    }),
  );
};

import { metaContracts } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
import { sameForEveryone } from '../../platform/http/public-replies.js';
import type { AppModule } from '../../platform/http/types.js';

/** What the web app needs to know about this deployment; nothing secret. */
export const metaRoutes: AppModule = (app, { config }) => {
  app.route({
    ...fromContract(metaContracts.config),
    config: { publicRead: 'cache', forViewer: sameForEveryone },
    // A few hundred bytes, below the compression threshold: no compression hooks on every request.
    compress: false,
    decompress: false,
    handler: async () => ({
      data: {
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        facebookAppId: config.FACEBOOK_APP_ID ?? null,
        signupCredits: config.SIGNUP_CREDITS,
        generationProvider: config.GENERATION_PROVIDER.split(',')[0]?.trim() || 'local',
        paymentProvider: config.STRIPE_SECRET_KEY ? ('stripe' as const) : ('local' as const),
        stripePublishableKey: config.STRIPE_SECRET_KEY ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      },
    }),
  });
};

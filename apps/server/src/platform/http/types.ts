import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../db/db.js';
import type { Mailer } from '../mail/mailer.js';
import type { AuthHooks, TokenService } from './auth.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the process hands to the app; tests build the same object with their own parts. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: TokenService;
  clock: () => Date;
}

/** What every module's routes receive. */
export interface ModuleContext extends AppDeps {
  auth: AuthHooks;
}

export type AppModule = (app: App, ctx: ModuleContext) => Promise<void> | void;

/**
 * Chooses the online payment provider from the configuration (issue 13, DESIGN §6): Stripe when
 * `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are set (`STRIPE_API_URL` overrides its API base), else the demo
 * provider when `PAYMENT_DEMO=1`, else none (the payment type `online` is not offered).
 */
import { configurePaymentProvider, type OnlinePaymentProvider } from './payment.server.ts';
import { createDemoProvider } from './demo.server.ts';
import { createStripeProvider } from './stripe.server.ts';

/** The settings that choose the provider (README, Configuration). */
export type PaymentConfig = {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
  PAYMENT_DEMO?: boolean;
  SESSION_SECRET: string;
};

/** The provider `config` asks for, or null. Source: DESIGN §6 (Payment types: `online`). */
export function providerFromConfig(config: PaymentConfig): OnlinePaymentProvider | null {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return config.PAYMENT_DEMO ? createDemoProvider({ sessionSecret: config.SESSION_SECRET }) : null;
}

/** Sets the process's provider from `config` (when the app is built). */
export function configurePayments(config: PaymentConfig): void {
  configurePaymentProvider(providerFromConfig(config));
}

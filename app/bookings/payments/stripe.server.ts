/**
 * Stripe's official client set up for Workers: requests go through `fetch` and webhook
 * signatures are checked with Web Crypto (the Node defaults do not exist here).
 */
import Stripe from "stripe";
import type { AppConfig } from "~/config.server";

type StripeConfig = Pick<AppConfig, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">;

/** Where the client sends its requests: Stripe's API, or the address tests give in STRIPE_API_BASE. */
function endpoint(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol } as const;
}

/** A client for creating checkout sessions, or null when no secret key is configured (card checkout off). */
export function stripeClient(config: StripeConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    // A visitor is waiting on the answer; a retry reuses the idempotency key, so it cannot double up.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...endpoint(config.STRIPE_API_BASE),
  });
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The event in a webhook request, or null when the signature is missing, wrong or too old
 * (the SDK's default tolerance, five minutes). `body` must be the raw text Stripe signed.
 */
export async function verifiedEvent(body: string, signature: string | null, secret: string): Promise<Stripe.Event | null> {
  if (!signature) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(body, signature, secret, undefined, cryptoProvider);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}

export type { Stripe };

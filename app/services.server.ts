import type { AppLoadContext } from "@remix-run/cloudflare";
import { durableInvoiceClaims, type InvoiceClaims } from "~/bookings/invoice-claims.server";
import { assetFontFiles, type FontFiles } from "~/bookings/invoice-fonts.server";
import type { AppConfig } from "../workers/load-context";

/** What the domain code needs from the Worker, passed in explicitly so tests can supply it. */
export interface Services {
  config: AppConfig;
  kv: KVNamespace;
  r2: R2Bucket;
  claims: InvoiceClaims;
  /** The invoice PDF's font files. */
  fonts: FontFiles;
  now: () => Date;
}

export function servicesFrom(context: AppLoadContext): Services {
  return {
    config: context.config,
    kv: context.bookings,
    r2: context.invoices,
    claims: durableInvoiceClaims(context.invoiceNumbers),
    fonts: assetFontFiles(context.assets),
    now: () => new Date(),
  };
}

/** A short random id for keys that need one (not a secret). */
export function shortId(): string {
  return crypto.randomUUID().slice(0, 8);
}

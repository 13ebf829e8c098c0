import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { MailMessage } from "../app/mail/message";
import { crossSiteRefusal, isCrossSiteWrite } from "../app/security.server";
import type { Env } from "../app/types/env";
import { servePage } from "./edge-cache";
import { autopayQueueName, handleAutopayQueue } from "./autopay-queue";
import type { ChargeMessage } from "../app/bookings/autopay/charge-message";
import { handleEmailQueue } from "./email-queue";
import { handleLedgerOpens, ledgerOpensQueueName } from "./ledger-open-queue";
import type { OpenMessage } from "../app/bookings/record/ledger-opens.server";
import { clockOf } from "./clock";
import { createLoadContext, parseConfig } from "./load-context";
import { runSchedule } from "./scheduled";
import { buildServices } from "./services";

export { BookingHolds } from "./booking-holds";
export { InvoiceNumberClaims } from "./invoice-number-claims";
export { BookingLedger } from "./booking-ledger";
export { BookingIndex } from "./booking-index";
export { PromoCodeUses } from "./promo-code-uses";
export { SubmissionLimits } from "./submission-limits";
export { QuoteBook } from "./quote-book";
export { CrewBook } from "./crew-book";
export { LinkGenerations } from "./link-generations";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  fetch(request, env, ctx) {
    // Only what a page from the edge cache does not answer builds the load context.
    const render = async () => {
      const context = await createLoadContext(env, ctx);
      if (isCrossSiteWrite(request, [context.services.config.SITE_ORIGIN])) return crossSiteRefusal();
      const response = await handleRemixRequest(request, context);
      await context.services.config.TEST_TRACE?.fetch("https://trace/answered");
      return response;
    };
    return servePage(request, render, { buildId: build.assets.version, waitUntil: (promise) => ctx.waitUntil(promise) });
  },
  queue: async (batch, env) => {
    const config = parseConfig(env);
    const services = buildServices(env, config, await clockOf(config));
    if (batch.queue === ledgerOpensQueueName) return handleLedgerOpens(batch as MessageBatch<OpenMessage>, services);
    return batch.queue === autopayQueueName
      ? handleAutopayQueue(batch as MessageBatch<ChargeMessage>, services)
      : handleEmailQueue(batch as MessageBatch<MailMessage>, services);
  },
  scheduled: (controller, env) => runSchedule(controller, env),
} satisfies ExportedHandler<Env, MailMessage | ChargeMessage | OpenMessage>;

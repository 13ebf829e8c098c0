import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonAction, methodNotAllowed } from "~/actions/respond.server";

/** The old JSON API for bookings (docs/product-spec.md, section 7): answers `{ invoiceUrl, invoiceNumber, price, travelFee, total }` or `{ error }`. */
export const loader = () => methodNotAllowed();

export const action = (args: ActionFunctionArgs) =>
  jsonAction(
    args,
    () => "booking" as const,
    ({ invoicePath, invoiceNumber, price, travelFee, total }, request) => ({
      invoiceUrl: new URL(invoicePath, request.url).href,
      invoiceNumber,
      price,
      travelFee,
      total,
    }),
  );

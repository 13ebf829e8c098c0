import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/bookings/record/private-responses.server";
import { keepDateAction } from "~/actions/keep-date.server";

export const loader = () => notFound();

/** "Keep my date" on the booking page opened from the booking e-mail's link. */
export const action = ({ params, request, context }: ActionFunctionArgs) => keepDateAction(context.services, params.number ?? "", request);

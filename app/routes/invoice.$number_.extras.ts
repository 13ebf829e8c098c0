import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/bookings/record/private-responses.server";
import { bookingPageAction } from "~/actions/booking-page.server";

export const loader = () => notFound();

/** The booking page's add-ons form as a JSON endpoint (any body type; JSON answers, 409 when an item is gone or the window closed). */
export const action = ({ params, request, context }: ActionFunctionArgs) => bookingPageAction(context.services, params.number ?? "", request, "extras");

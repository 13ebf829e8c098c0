import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerGenerationsRequest } from "~/actions/link-generations.server";
import { notFound } from "~/bookings/record/private-responses.server";

export const loader = () => notFound();

/** The owner's scripts reading the generations of links, or moving one on (`npm run owner:links -- --revoke`). */
export const action = ({ request, context }: ActionFunctionArgs) => answerGenerationsRequest(context.services, request);

import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { openOwnerPage, ownerPageView } from "~/bookings/owner-page.server";
import { ownerAutopayView } from "~/bookings/owner-autopay.server";
import { bookingCrew } from "~/crew/assign.server";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { OwnerBookingPage } from "~/components/owner-page/OwnerBookingPage";
import { CrewSection } from "~/components/owner-page/CrewSection";
import { PlanSection } from "~/components/owner-page/PlanSection";
import { ownerPageAction, type PageRefusal } from "~/actions/owner-page.server";
import { pageMeta } from "~/utils/seo";

/** The owner's page of one booking, from the signed link in the owner's e-mails and home (no login); any other address is a plain 404. */
async function openPage({ params, request, context }: LoaderFunctionArgs) {
  const booking = await openOwnerPage(context.services, params.number, new URL(request.url).searchParams);
  if (!booking) throw new Response("Not Found", { status: 404 });
  return booking;
}

export async function loader(args: LoaderFunctionArgs) {
  const booking = await openPage(args);
  const [view, crew] = await Promise.all([ownerPageView(args.context.services, booking), bookingCrew(args.context.services, booking)]);
  return { ...view, crew, plan: ownerAutopayView(booking, args.context.services.now()) };
}

export async function action(args: ActionFunctionArgs) {
  return ownerPageAction(args.context.services, await openPage(args), args.request);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Booking ${data?.invoiceNumber ?? ""}`.trim(), description: "The owner's page of one booking.", path: "/owner", noindex: true });

export default function OwnerBooking() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as PageRefusal | undefined;
  const [search] = useSearchParams();
  return <OwnerBookingPage view={view} done={refusal ? null : search.get("done")} error={refusal?.error ?? null} crew={<CrewSection crew={view.crew} />} plan={view.plan ? <PlanSection plan={view.plan} /> : null} />;
}

import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { openDaySheet } from "~/agenda/day-sheet.server";
import { privateHeaders } from "~/bookings/record/private-responses.server";
import { SheetEvent } from "~/components/day-sheet/SheetEvent";
import { pageMeta } from "~/utils/seo";

/** The owner's day sheet, from the signed address in the morning e-mail or the calendar feed (no login); any other address is a plain 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const sheet = await openDaySheet(context.services, params.date, new URL(request.url).searchParams.get("token"));
  if (!sheet) throw new Response("Not Found", { status: 404 });
  return sheet;
}

export const headers: HeadersFunction = () => privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Day sheet: ${data?.day ?? ""}`.trim(), description: "Every event of the day, in the order to arrive.", path: "/owner", noindex: true });

export default function DaySheetPage() {
  const sheet = useLoaderData<typeof loader>();
  const count = sheet.events.length;
  return (
    <section className="container page-section day-sheet">
      <h1>Day sheet: {sheet.day}</h1>
      <p>{count ? `${count} ${count === 1 ? "event" : "events"}, in the order you arrive (an hour before each starts).` : "No bookings on this day."}</p>
      {sheet.events.map((event) => (
        <SheetEvent key={event.invoiceNumber} event={event} />
      ))}
    </section>
  );
}

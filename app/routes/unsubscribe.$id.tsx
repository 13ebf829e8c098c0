import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { business } from "~/business";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { quoteOfUnsubscribe, unsubscribe } from "~/quotes/unsubscribe.server";
import { plainFormAttribute } from "~/hydration";
import { pageMeta } from "~/utils/seo";

async function open({ params, request, context }: LoaderFunctionArgs) {
  const entry = await quoteOfUnsubscribe(context.services, params.id, new URL(request.url).searchParams);
  if (!entry) throw new Response("Not Found", { status: 404 });
  return entry;
}

export async function loader(args: LoaderFunctionArgs) {
  return { unsubscribed: (await open(args)).unsubscribed };
}

/** The one-click POST a mail client sends (RFC 8058), and the page's own button: the same request. */
export async function action(args: ActionFunctionArgs) {
  await unsubscribe(args.context.services, await open(args));
  return { unsubscribed: true };
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Unsubscribe", description: "Stop e-mails about your quote.", path: "/quickquote", noindex: true });

export default function Unsubscribe() {
  const answered = useActionData<typeof action>();
  const { unsubscribed } = useLoaderData<typeof loader>();
  const done = answered?.unsubscribed ?? unsubscribed;
  return (
    <section className="container page-section form-page">
      <h1>{done ? "You are unsubscribed" : "Unsubscribe"}</h1>
      {done ? (
        <p role="status">{`${business.name} will send no more follow-ups about your quotes to this address. E-mails about a booking you make still reach you.`}</p>
      ) : (
        <form method="post" className="form-card" {...{ [plainFormAttribute]: "" }}>
          <p>{`Stop ${business.name}'s follow-up e-mails about your quotes (reminders before a quote ends, news of your date).`}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="button button-primary">
            Unsubscribe
          </button>
        </form>
      )}
    </section>
  );
}

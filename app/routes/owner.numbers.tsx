import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { NumbersPage } from "~/components/numbers/NumbersPage";
import { isNumbersToken, numbersView } from "~/numbers/numbers-page.server";
import { pageMeta } from "~/utils/seo";

/** The owner's numbers, from the address `npm run owner:links` prints and the owner's home links (no login); any other token is a plain 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await isNumbersToken(context.services, new URL(request.url).searchParams))) throw new Response("Not Found", { status: 404 });
  return numbersView(context.services);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, { title: "Your numbers", description: "The owner's numbers.", path: "/owner/numbers", noindex: true });

export default function OwnerNumbers() {
  return <NumbersPage view={useLoaderData<typeof loader>()} />;
}

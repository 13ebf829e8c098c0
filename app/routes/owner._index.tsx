import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { isHomeToken, ownerHomeView } from "~/agenda/owner-home.server";
import { crewHomeView } from "~/crew/home.server";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { OwnerHomePage } from "~/components/owner-home/OwnerHomePage";
import { AttendantsSection } from "~/components/owner-home/AttendantsSection";
import { ownerHomeAction, type HomeRefusal } from "~/actions/owner-home.server";
import { pageMeta } from "~/utils/seo";

/** The owner's home, from the address `npm run owner:links` prints and the morning e-mail links (no login); any other token is a plain 404. */
async function open({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  if (!(await isHomeToken(context.services, query))) throw new Response("Not Found", { status: 404 });
  return query;
}

export async function loader(args: LoaderFunctionArgs) {
  const query = await open(args);
  const [view, crew] = await Promise.all([ownerHomeView(args.context.services, query.get("q") ?? ""), crewHomeView(args.context.services)]);
  return { ...view, crew };
}

export async function action(args: ActionFunctionArgs) {
  await open(args);
  return ownerHomeAction(args.context.services, args.request);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, { title: "Your bookings", description: "The owner's home.", path: "/owner", noindex: true });

export default function OwnerHome() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as HomeRefusal | undefined;
  const [search] = useSearchParams();
  return <OwnerHomePage view={view} done={refusal ? null : search.get("done")} error={refusal?.error ?? null} crew={<AttendantsSection crew={view.crew} />} />;
}

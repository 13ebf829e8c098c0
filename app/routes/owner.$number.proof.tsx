import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ownerProofView } from "~/bookings/proofs/owner-proof.server";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { ProofUploadPage } from "~/components/proofs/ProofUploadPage";
import { ownerProofAction } from "~/actions/owner-proof.server";
import type { FormRefusal } from "~/input/result";
import { pageMeta } from "~/utils/seo";

/** The owner's signed proof link (from the details e-mail, each answer's e-mail and the morning e-mail); anything else is a plain 404. */
async function openLink({ params, request, context }: LoaderFunctionArgs) {
  const booking = await bookingOfOwnerLink(context.services, "proof", params.number, new URL(request.url).searchParams);
  if (booking) return booking;
  throw new Response("Not Found", { status: 404 });
}

export async function loader(args: LoaderFunctionArgs) {
  return ownerProofView(args.context.services, await openLink(args));
}

export async function action(args: ActionFunctionArgs) {
  return ownerProofAction(args.context.services, await openLink(args), args.request);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Proof for ${data?.invoiceNumber ?? ""}`.trim(), description: "Upload a print design proof for the client to approve.", path: "/owner", noindex: true });

export default function OwnerProofPage() {
  const refusal = useActionData<typeof action>() as FormRefusal | undefined;
  const [query] = useSearchParams();
  return <ProofUploadPage view={useLoaderData<typeof loader>()} refusal={refusal ?? null} uploaded={refusal ? null : query.get("uploaded")} />;
}

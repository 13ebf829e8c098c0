import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, type ClientActionFunctionArgs } from "@remix-run/react";
import { business } from "~/business";
import { ContactForm } from "~/components/ContactForm";
import { callServerAction } from "~/actions/client-action";
import { formAction } from "~/actions/respond.server";
import type { FormResult } from "~/input/result";
import { pageMeta } from "~/utils/seo";

/** The footer form posts here from every page. */
export const action = (args: ActionFunctionArgs) => formAction("contact", args, () => "/thankyou");

export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => callServerAction("contact", serverAction);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description: `Send ${business.name} a message about photo booth hire in Melbourne's west, or call ${business.phone.display}.`,
    path: "/contact",
    breadcrumb: "Contact",
  });

export default function ContactPage() {
  const result = useActionData<FormResult>();
  return (
    <section className="container page-section form-page contact-page">
      <h1>Contact us</h1>
      <p className="form-intro">
        Send us a message and we will get back to you shortly, or call{" "}
        <a href={business.phone.href}>{business.phone.display}</a>.
      </p>
      <div className="form-card">
        <ContactForm placement="page" initial={result} />
      </div>
    </section>
  );
}

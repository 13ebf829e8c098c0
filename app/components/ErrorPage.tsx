import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { business } from "~/business";

interface ErrorPageProps {
  notFound: { heading: string; message: string };
  /** What is said when something broke on our side. */
  failure: string;
  links: readonly [primary: { to: string; label: string }, secondary: { to: string; label: string }];
}

/** The body of an error boundary: a 404 or a friendly failure, with two ways on. */
export function ErrorPage({ notFound, failure, links: [primary, secondary] }: ErrorPageProps) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container page-section error-page">
      <h1>{missing ? notFound.heading : "Something went wrong"}</h1>
      <p>{missing ? notFound.message : `${failure} Please try again, or call us on ${business.phone.display}.`}</p>
      <p className="button-row">
        <Link to={primary.to} className="button button-primary">
          {primary.label}
        </Link>
        <Link to={secondary.to} className="button button-secondary">
          {secondary.label}
        </Link>
      </p>
    </section>
  );
}

/** The site's own error page: a 404 or a failure, with the way home and to the packages. */
export function SiteErrorPage() {
  return (
    <ErrorPage
      notFound={{
        heading: "Page not found",
        message: "We couldn't find that page. It may have moved, or the address may have a typo.",
      }}
      failure="Sorry, something went wrong on our side."
      links={[
        { to: "/", label: "Back to Home" },
        { to: "/packages", label: "View Packages" },
      ]}
    />
  );
}

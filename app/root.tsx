import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { business } from "~/business";
import { BookNowButton } from "~/components/BookNowButton";
import { SiteErrorPage } from "~/components/ErrorPage";
import { NoScriptRefresh } from "~/components/NoScriptRefresh";
import { ScrollRestoration } from "~/components/ScrollRestoration";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { SiteStyles } from "~/components/SiteStyles";
import { melbourneDate } from "~/utils/melbourne-time";
import { useAnnounceHydration } from "~/utils/use-hydration";
import type { RootData } from "~/utils/seo";

export async function loader({ context }: LoaderFunctionArgs) {
  const data: RootData = { origin: context.services.config.SITE_ORIGIN, year: melbourneDate().year };
  return data;
}

// The root's data (origin, year) never changes because of a form post; reloading it after one
// would turn a failed submission on a dead network into the error page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => [
  { title: `${isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong"} | ${business.name}` },
  { name: "robots", content: "noindex" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useAnnounceHydration();
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b1630" />
        <Meta />
        <SiteStyles />
        <Links />
        <NoScriptRefresh />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main">{children}</main>
        <SiteFooter year={data?.year ?? melbourneDate().year} />
        <BookNowButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}

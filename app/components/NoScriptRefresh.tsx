import { useMatches } from "@remix-run/react";

/** A route's `handle` asks for a refresh to another page when JavaScript is off (the route redirects itself otherwise). */
export interface NoScriptRefreshHandle {
  noScriptRefresh: { seconds: number; to: string };
}

function refreshOf(handle: unknown): NoScriptRefreshHandle["noScriptRefresh"] | undefined {
  return (handle as Partial<NoScriptRefreshHandle> | undefined)?.noScriptRefresh;
}

/**
 * Rendered in <head>, the one place HTML allows a <meta> refresh. It sits in <noscript> because a
 * plain refresh would also fire after the route's own client-side redirect, loading the target a
 * second time, and axe and Lighthouse fail any page whose scripts can see a timed refresh.
 */
export function NoScriptRefresh() {
  const refresh = useMatches()
    .map((match) => refreshOf(match.handle))
    .filter(Boolean)
    .at(-1);
  if (!refresh) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${refresh.seconds}; url=${refresh.to}`} />
    </noscript>
  );
}

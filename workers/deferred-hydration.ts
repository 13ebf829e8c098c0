/**
 * Hydration after first paint. Remix's <Scripts> preloads every module of the page and imports
 * them at once, so on a phone's slow link ~100 KB of JavaScript downloads alongside the hero
 * image and pushes the largest paint back by a second. Nothing on a page needs JavaScript to be
 * seen or used (every form also works without it), so the Worker rewrites the rendered page:
 *
 * - the module preloads get `media="not all"`, so the browser does not fetch them early;
 * - Remix's module script becomes an inert data block, and a few lines added to Remix's own
 *   context script release the preloads and turn it back into a module script once the page
 *   has loaded and painted.
 *
 * The scripts' text is unchanged (so their CSP hashes hold) and only attributes change, which
 * React's hydration leaves alone. If Remix's markup ever changes, nothing matches and the page
 * simply hydrates at once, as before.
 */
const preloadTag = '<link rel="modulepreload"';
const moduleScriptTag = '<script type="module" async="">';
const deferredType = "text/x-deferred-module";
const contextScriptStart = "<script>window.__remixContext = ";

// Releasing the preloads fetches every module at once instead of import by import.
const startAfterFirstPaint = `addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){document.querySelectorAll('link[rel="modulepreload"][media="not all"]').forEach(function(l){l.removeAttribute("media")});var s=document.querySelector('script[type="${deferredType}"]');if(s){s.type="module";s.async=true;s.parentNode.insertBefore(s,s.nextSibling)}})})});`;

export function deferHydration(html: string): string {
  if (!html.includes(moduleScriptTag) || !html.includes(contextScriptStart)) return html;
  return html
    .replaceAll(preloadTag, `${preloadTag} media="not all"`)
    .replace(moduleScriptTag, `<script type="${deferredType}">`)
    .replace(contextScriptStart, `<script>${startAfterFirstPaint}window.__remixContext = `);
}

import { useEffect } from "react";
import { afterLoadScriptAttribute } from "~/hydration";

export const buyButtonScript = "https://js.stripe.com/v3/buy-button.js";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "stripe-buy-button": {
        "buy-button-id": string;
        "publishable-key": string;
        "client-reference-id"?: string;
        "data-after-load-script"?: string;
      };
    }
  }
}

/**
 * Stripe's Buy Button web component, in the page's markup so it needs no React to appear: the
 * page's boot script adds Stripe's script once the page has loaded, and the script turns the
 * element into the button. Without JavaScript the element stays empty (the page says why).
 * Reached by a client-side navigation, the page adds the script itself; leaving the page removes
 * it, so it runs only while the visitor is paying.
 */
export function StripeBuyButton({ buttonId, publishableKey, reference }: { buttonId: string; publishableKey: string; reference?: string }) {
  useEffect(() => {
    const src = new URL(buyButtonScript).href;
    if (![...document.scripts].some((script) => script.src === src)) {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
    return () => {
      document.querySelectorAll(`script[src="${buyButtonScript}"]`).forEach((script) => script.remove());
    };
  }, []);
  return (
    <stripe-buy-button
      buy-button-id={buttonId}
      publishable-key={publishableKey}
      {...(reference ? { "client-reference-id": reference } : {})}
      {...{ [afterLoadScriptAttribute]: buyButtonScript }}
    />
  );
}

import { useEffect } from "react";

export const buyButtonScript = "https://js.stripe.com/v3/buy-button.js";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "stripe-buy-button": {
        "buy-button-id": string;
        "publishable-key": string;
        "client-reference-id"?: string;
      };
    }
  }
}

/**
 * Stripe's Buy Button web component. Its script is added when the component mounts and removed
 * when it unmounts, so it loads only while the visitor is on the payment page.
 */
export function StripeBuyButton({ buttonId, publishableKey, reference }: { buttonId: string; publishableKey: string; reference?: string }) {
  useEffect(() => {
    const script = document.createElement("script");
    script.src = buyButtonScript;
    script.async = true;
    document.head.appendChild(script);
    return () => {
      script.remove();
    };
  }, []);
  return (
    <stripe-buy-button
      buy-button-id={buttonId}
      publishable-key={publishableKey}
      {...(reference ? { "client-reference-id": reference } : {})}
    />
  );
}

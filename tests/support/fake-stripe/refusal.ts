/** How the fake Stripe refuses a request: Stripe's status and `error` object, and whether it keeps the answer under the idempotency key. */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string } & Record<string, unknown>,
    /**
     * Kept under the request's idempotency key and answered again to a replay: Stripe keeps the
     * result of a request that began executing (a declined charge), never a validation failure.
     */
    readonly kept = false,
  ) {
    super(error.message);
  }
}

/** A parameter Stripe refuses (400 `invalid_request_error`), naming it as Stripe's `param` does. */
export const invalidRequest = (message: string, param?: string) => new StripeRefusal(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });

/** An object Stripe does not have (404 `resource_missing`). */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeRefusal(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, ...(param ? { param } : {}) });

/** The form-encoded parameters under `prefix` (`metadata`, `payment_method_options[payto][mandate_options]`), by their next name. */
export function paramsUnder(params: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([name, value]) => {
      if (!name.startsWith(`${prefix}[`)) return [];
      const rest = name.slice(prefix.length + 1);
      const end = rest.indexOf("]");
      return end > 0 && end === rest.length - 1 ? [[rest.slice(0, end), value]] : [];
    }),
  );
}

/**
 * Refuses a parameter today's API version no longer takes, as Stripe refuses any unknown one:
 * `payment_method_types` went from Checkout Sessions and PaymentIntents (their
 * `allowed_payment_method_types` filters the dynamic set instead; the objects still list what is offered).
 */
export function refuseRemoved(params: Record<string, string>, ...removed: string[]) {
  const found = removed.find((name) => Object.keys(params).some((key) => key === name || key.startsWith(`${name}[`)));
  if (found) throw new StripeRefusal(400, { type: "invalid_request_error", code: "parameter_unknown", param: found, message: `Received unknown parameter: ${found}` });
}

/** A form-encoded list (`payment_method_types[0]`, `[1]`…) in order. */
export const listOf = (params: Record<string, string>, name: string): string[] =>
  Object.entries(paramsUnder(params, name))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value);

export const nowSeconds = () => Math.floor(Date.now() / 1000);

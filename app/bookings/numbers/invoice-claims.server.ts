/** Claims an invoice number once and for all; see workers/invoice-number-claims.ts for why it is a Durable Object. */
export interface InvoiceClaims {
  /** True when this call took the number, false when someone already had it. */
  claim(invoiceNumber: string): Promise<boolean>;
}

export function durableInvoiceClaims(namespace: DurableObjectNamespace): InvoiceClaims {
  return {
    async claim(invoiceNumber) {
      const day = invoiceNumber.slice(0, "PB-YYYYMMDD".length);
      const stub = namespace.get(namespace.idFromName(day));
      const response = await stub.fetch(`https://invoice-claims/claim?number=${encodeURIComponent(invoiceNumber)}`, {
        method: "POST",
      });
      if (!response.ok) throw new Error(`Invoice number claim failed with ${response.status}`);
      const { claimed } = await response.json<{ claimed: boolean }>();
      return claimed;
    },
  };
}

declare module "~/types/services" {
  interface Services {
    claims: InvoiceClaims;
  }
}

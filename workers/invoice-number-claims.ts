/**
 * The one place that decides whether an invoice number is free. KV is eventually consistent
 * across edge locations, so two bookings racing for the same number could both see it as free
 * there; a Durable Object handles its requests one at a time, and its storage reads and writes
 * within one request are not interleaved with another's, so exactly one claim wins.
 * One object per day (the number's `PB-YYYYMMDD` part) keeps each object small.
 */
export class InvoiceNumberClaims implements DurableObject {
  constructor(private readonly state: DurableObjectState) {}

  async fetch(request: Request): Promise<Response> {
    const invoiceNumber = new URL(request.url).searchParams.get("number");
    if (request.method !== "POST" || !invoiceNumber) return new Response("Bad claim", { status: 400 });
    if (await this.state.storage.get(invoiceNumber)) return Response.json({ claimed: false });
    await this.state.storage.put(invoiceNumber, new Date().toISOString());
    return Response.json({ claimed: true });
  }
}

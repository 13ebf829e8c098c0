/**
 * Which account made each of the fake's objects. At Stripe an account reads and uses only its own:
 * another account's object answers as one that does not exist ("No such customer", 404). The fake
 * runs synchronously from a request's lookups to its answer, so the account acting is set as each
 * request is answered (its secret key), or by a test-side step from the object it acts on (the
 * client on Stripe's page, the bank, the dashboard), and read by every id made and every lookup.
 * Objects a test makes by hand, outside the fake, are the first account's.
 */
export function accountBook(firstAccount: string) {
  const owners = new Map<string, string>();
  let acting = firstAccount;
  const ownerOf = (id: string) => owners.get(id) ?? firstAccount;
  return {
    /** A request made with this account's secret key is being answered. */
    actAs(account: string) {
      acting = account;
    },
    /** A test-side step on `id` (a session, a PaymentIntent, a mandate) acts as the account that made it. */
    actFor(id: string) {
      acting = ownerOf(id);
    },
    /** `id` is made now, by the account acting. */
    made(id: string): string {
      owners.set(id, acting);
      return id;
    },
    /** Whether the account acting may read or use `id`. */
    visible: (id: string) => ownerOf(id) === acting,
  };
}

export type AccountBook = ReturnType<typeof accountBook>;

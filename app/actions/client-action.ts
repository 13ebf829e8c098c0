import type { FormKind, FormResult } from "~/input/result";
import { transportFailure } from "~/input/result";

/**
 * A route's `clientAction`: posts to the server action and turns a request that failed on the
 * way (no network, or an answer that is not the action's) into the spec's message, instead of
 * letting the error replace the page.
 */
export async function callServerAction(kind: FormKind, serverAction: () => Promise<unknown>): Promise<FormResult> {
  try {
    return (await serverAction()) as FormResult;
  } catch (error) {
    return transportFailure(kind, error);
  }
}

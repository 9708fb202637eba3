import { httpStatusOf, isDomainError } from "@shop/shared/errors";
import { data } from "react-router";

/**
 * Runs a service read for a loader. A domain error (an unknown product, post or lot) becomes the
 * route's error answer, with the message and status the API gives it, for the error boundary to
 * show; anything else is a fault and passes on. `ifNotFound` answers an unknown thing with a value
 * instead, for a page that shows something else then.
 */
export async function pageData<T, F = never>(read: () => Promise<T>, options?: { ifNotFound: F }): Promise<T | F> {
  try {
    return await read();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (options && error.kind === "not_found") return options.ifNotFound;
    throw data(error.message, { status: httpStatusOf(error) });
  }
}

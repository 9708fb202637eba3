/**
 * Reads a storefront resource route's data from the page's script (decision 089): the route's
 * loader calls the service, and answers JSON (a refusal included, in words). Failing to reach the
 * shop at all is an Error in words.
 */
export async function loadRouteData<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: "application/json" } });
  } catch {
    throw new Error("We could not reach the shop. Check your connection and try again.");
  }
  if (!response.ok) throw new Error(`The shop could not answer (${response.status}). Please try again.`);
  return (await response.json()) as T;
}

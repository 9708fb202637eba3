import { apiRequest } from "../../lib/api.ts";

/**
 * Sends an account request whose answer is a sentence for the person (`{ message }`: "We sent a link
 * to …", "Your password is changed."), and gives that sentence.
 */
export async function sendForReceipt(path: string, method: "POST" | "PUT", body: unknown): Promise<string> {
  const { message } = await apiRequest<{ message: string }>(path, { method, body });
  return message;
}

import type { IdentityStep } from "@shop/shared";
import { type AppLoadContext, data } from "react-router";
import { serviceAnswer } from "../../../lib/service-answer.server.ts";

/** What the order page shows after the buyer sent photos of their ID. */
export type IdAnswer =
  | { identity: "sent"; step: IdentityStep }
  | { identity: "refused"; message: string; field: "front" | "back" | null };

const picture = async (value: FormDataEntryValue | null) =>
  value instanceof File && value.size > 0 ? Buffer.from(await value.arrayBuffer()) : null;

/**
 * The order page's ID form (decision 099): its photos to the identity service, as
 * POST /api/account/orders/{number}/identity-document sends them. A refusal is said beside its field.
 */
export async function sendId(request: Request, number: string, context: AppLoadContext) {
  const user = context.user;
  if (!user)
    return data<IdAnswer>({ identity: "refused", message: "Please sign in again.", field: null }, { status: 401 });
  const form = await request.formData();
  const front = await picture(form.get("front"));
  if (!front) {
    return data<IdAnswer>(
      { identity: "refused", message: "Please choose a photo of the front of your ID.", field: "front" },
      { status: 400 },
    );
  }
  const back = await picture(form.get("back"));
  const answer = await serviceAnswer(() => context.services.identity.submitDocument(user, number, { front, back }));
  if (!answer.ok) {
    const { message, fields } = answer.refusal.problem;
    const field = fields?.back ? "back" : fields?.front ? "front" : null;
    return data<IdAnswer>({ identity: "refused", message, field }, { status: answer.status });
  }
  return data<IdAnswer>({ identity: "sent", step: answer.value });
}

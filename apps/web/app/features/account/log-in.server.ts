import { loginSchema } from "@shop/shared";
import { type AppLoadContext, data, redirectDocument } from "react-router";
import { type FormRefusal, pick, schemaMessages } from "../../lib/form-action.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import { type LoginRefused, loginFieldNames } from "./components/login-form.tsx";
import { landingPath } from "./landing-path.ts";

/**
 * The login form's action (decision 089): the form's own check, then the accounts service as
 * POST /api/Auth/login calls it, with the sender's address for the password guard; the new
 * session's cookie replaces the one the request came with. Then the next page loads in full, as a
 * document, with or without JavaScript.
 */
export async function logIn(fields: Record<string, string>, context: AppLoadContext, next: string | null) {
  const values = pick(fields, loginFieldNames);
  const refused = (refusal: FormRefusal, status: number) =>
    data<LoginRefused>({ form: "login", refusal, email: values.email ?? "" }, { status });
  const checked = loginSchema.safeParse(values);
  if (!checked.success) return refused({ invalid: schemaMessages(checked.error) }, 400);
  const { email, password } = checked.data;
  const { sender } = context;
  const answer = await serviceAnswer(() =>
    context.services.accounts.login(email, password, sender.userAgent, sender.address),
  );
  if (!answer.ok) return refused(answer.refusal, answer.status);
  await context.session.start(answer.value);
  return redirectDocument(landingPath(next, answer.value.user));
}

import { loginSchema, type User } from "@shop/shared";
import { type AppLoadContext, data, redirectDocument } from "react-router";
import { type FormRefusal, pick, schemaMessages } from "../../lib/form-action.ts";
import { type LoginRefused, loginFieldNames } from "./components/login-form.tsx";
import { landingPath } from "./landing-path.ts";

/**
 * The login form's action (decision 028): the form's own check, then POST /api/Auth/login as the
 * browser's script would send it; the API sets the session cookie. Then the next page loads in
 * full, as a document, with or without JavaScript.
 */
export async function logIn(fields: Record<string, string>, context: AppLoadContext, next: string | null) {
  const values = pick(fields, loginFieldNames);
  const refused = (refusal: FormRefusal, status: number) =>
    data<LoginRefused>({ form: "login", refusal, email: values.email ?? "" }, { status });
  const checked = loginSchema.safeParse(values);
  if (!checked.success) return refused({ invalid: schemaMessages(checked.error) }, 400);
  const answer = await context.postToApi<{ user: User }>("/api/Auth/login", values);
  if (!answer.ok) return refused({ problem: answer.body }, answer.status);
  return redirectDocument(landingPath(next, answer.body.user));
}

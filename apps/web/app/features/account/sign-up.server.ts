import { type AppLoadContext, data, href, redirect } from "react-router";
import { type FormRefusal, pick, schemaMessages } from "../../lib/form-action.ts";
import { type SignUpRefused, signUpFieldNames, signUpFormSchema } from "./components/sign-up-form.tsx";

/**
 * The sign-up form's action (decision 028): the form's own check at the shop's age for accounts,
 * then POST /api/User as the browser's script would send it; then the page that says where the
 * link went.
 */
export async function signUp(fields: Record<string, string>, context: AppLoadContext) {
  const values = pick(fields, signUpFieldNames);
  const { password: _password, acceptTerms, ...typed } = values;
  const refused = (refusal: FormRefusal, status: number) =>
    data<SignUpRefused>(
      { form: "signup", refusal, values: { ...typed, acceptTerms: acceptTerms === "on" || acceptTerms === "true" } },
      { status },
    );
  const { gateMinAge } = await context.services.settings.getPublic();
  const checked = signUpFormSchema(gateMinAge).safeParse(values);
  if (!checked.success) return refused({ invalid: schemaMessages(checked.error) }, 400);
  const answer = await context.postToApi<{ message: string }>("/api/User", values);
  if (!answer.ok) return refused({ problem: answer.body }, answer.status);
  return redirect(href("/verification"));
}

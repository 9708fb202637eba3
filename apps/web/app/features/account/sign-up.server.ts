import { type AppLoadContext, data, href, redirect } from "react-router";
import { type FormRefusal, pick, schemaMessages } from "../../lib/form-action.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import { type SignUpRefused, signUpFieldNames, signUpFormSchema } from "./components/sign-up-form.tsx";

/**
 * The sign-up form's action (decision 089): the form's own check at the shop's age for accounts,
 * then the accounts service as POST /api/User calls it (its limit on sign-ups per address); then
 * the page that says where the link went.
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
  const answer = await serviceAnswer(() => context.services.accounts.signUp(checked.data, context.sender.address));
  if (!answer.ok) return refused(answer.refusal, answer.status);
  return redirect(href("/verification"));
}

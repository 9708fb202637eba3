import { href, useFetcher } from "react-router";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { refusalText } from "../../../lib/form-action.ts";
import { type AccountFormAnswer, useAccountAnswer } from "../account-form.ts";

/**
 * The answer to a request for a new verification link: the verification page's action answers it,
 * to this page's script (a fetcher), or as that page itself to a post made before the script ran.
 */
export function useResendVerification() {
  const fetcher = useFetcher<AccountFormAnswer>();
  const posted = useAccountAnswer("resend");
  return { fetcher, answer: fetcher.data ?? posted, action: href("/verify-email") };
}

/**
 * For an address the page already knows (the login's, the account's). The answer is the same
 * whether or not the address has an account.
 */
export function ResendVerificationButton({ email }: { email: string }) {
  const { fetcher, answer, action } = useResendVerification();
  if (answer && "done" in answer) return <StatusMessage status={{ kind: "success", text: answer.done }} />;
  return (
    <fetcher.Form method="post" action={action} className="space-y-2">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" disabled={fetcher.state !== "idle"} variant="secondary" size="sm">
        {fetcher.state !== "idle" ? "Sending..." : "Send the verification e-mail again"}
      </Button>
      <FormAlert message={answer && "refusal" in answer ? refusalText(answer.refusal) : null} />
    </fetcher.Form>
  );
}

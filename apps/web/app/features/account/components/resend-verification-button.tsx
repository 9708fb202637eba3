import { useState } from "react";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { sendForReceipt } from "../receipt.ts";

/** Asks for a new verification link; the answer is the same whether or not the address has an account. */
export async function resendVerification(email: string): Promise<string> {
  return sendForReceipt("/api/Auth/resend-verification", "POST", { email });
}

/** For an address the page already knows (the login form's, the account's). */
export function ResendVerificationButton({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setFailed(null);
    try {
      setSent(await resendVerification(email));
    } catch (error) {
      setFailed(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  if (sent) return <StatusMessage status={{ kind: "success", text: sent }} />;
  return (
    <div className="space-y-2">
      <Button onClick={send} disabled={sending} variant="secondary" size="sm">
        {sending ? "Sending..." : "Send the verification e-mail again"}
      </Button>
      <FormAlert message={failed} />
    </div>
  );
}

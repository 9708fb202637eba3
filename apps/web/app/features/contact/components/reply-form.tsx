import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactInboxMessage, type ContactReplyInput, contactReplyInputSchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { fieldProps, TextAreaField } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useReply } from "../api/inbox.ts";

const labels = { body: "Reply" };

/**
 * The reply to a message: plain text, sent to the sender by e-mail, kept with the message, which
 * is then handled. The form empties once the server has taken it.
 */
export function ReplyForm({ message }: { message: ContactInboxMessage }) {
  const reply = useReply(message.id);
  const form = useForm<ContactReplyInput, unknown, ContactReplyInput>({
    resolver: zodResolver(contactReplyInputSchema),
    defaultValues: { body: "" },
  });
  useUnsavedChanges(form, "this reply");
  const field = fieldProps(form, "reply");
  const { isSubmitting, errors } = form.formState;

  async function send(input: ContactReplyInput) {
    try {
      await reply.mutateAsync(input);
      form.reset({ body: "" });
      toast.success(`Reply sent to ${message.email}`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, ["body"], labels, { setFocus: form.setFocus });
      toast.error(`Failed to send the reply: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-4">
      <TextAreaField
        label="Reply"
        hint={`Plain text, sent by e-mail to ${message.email} with their message quoted below it.`}
        rows={8}
        {...field("body")}
      />
      {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? "Sending…" : "Send reply"}
      </Button>
    </form>
  );
}

import { CreditCard } from "lucide-react";
import { useEffect } from "react";
import { Button } from "../../../components/ui/button.tsx";

/** The card gateway's hosted form, as the checkout's loader gives it (docs/decisions/101). */
export interface CardForm {
  apiLoginId: string;
  clientKey: string;
  scriptUrl: string;
  /** When the card is charged: held at placing and taken at shipping, or taken at once. */
  capture: "at_shipping" | "at_placing";
}

/** The one-time token the hosted form gave for the card, and its last four digits to show. */
export interface CardToken {
  descriptor: string;
  value: string;
  last4: string;
}

/** What AcceptUI hands the response handler: a token, or messages saying what went wrong. */
interface HostedFormAnswer {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  encryptedCardData?: { cardNumber?: string };
  messages?: { resultCode: string; message?: { code: string; text: string }[] };
}

/** The global function AcceptUI calls with its answer (it is named on the button). */
const HANDLER = "shopCardFormAnswer";

/**
 * Card details are typed into Authorize.net's hosted form (AcceptUI), which opens over the page
 * when the button is clicked: the card number goes from that form to the gateway, and the page
 * gets a one-time token only. The script loads when the card is chosen; it binds to the button
 * with the class AcceptUI, which stays the same element while the buyer changes cards.
 */
export function CardEntry({
  form,
  token,
  onAnswer,
  problem,
  problemId,
}: {
  form: CardForm;
  token: CardToken | null;
  /** The hosted form's answer: a token, or what it said was wrong. */
  onAnswer: (answer: { token: CardToken } | { problem: string }) => void;
  problem: string | null;
  problemId: string;
}) {
  useEffect(() => {
    if (document.querySelector(`script[src="${CSS.escape(form.scriptUrl)}"]`)) return;
    const script = document.createElement("script");
    script.src = form.scriptUrl;
    script.async = true;
    document.body.append(script);
  }, [form.scriptUrl]);

  useEffect(() => {
    const global = window as unknown as Record<string, unknown>;
    global[HANDLER] = (answer: HostedFormAnswer) => {
      if (answer.messages?.resultCode === "Ok" && answer.opaqueData) {
        const { dataDescriptor, dataValue } = answer.opaqueData;
        const last4 = answer.encryptedCardData?.cardNumber?.slice(-4) ?? "";
        onAnswer({ token: { descriptor: dataDescriptor, value: dataValue, last4 } });
      } else {
        onAnswer({
          problem: answer.messages?.message?.[0]?.text ?? "The card form did not take the card. Please try again.",
        });
      }
    };
    return () => {
      delete global[HANDLER];
    };
  }, [onAnswer]);

  return (
    <div className="mt-4 rounded-xl border border-line p-4">
      <p className="flex items-center gap-2 font-semibold text-sm">
        <CreditCard aria-hidden="true" className="size-4 text-brand-700" />
        {token ? `Card ending in ${token.last4}` : "Card details"}
      </p>
      <p className="mt-1 text-muted text-sm">
        {form.capture === "at_shipping"
          ? "The total is held on your card when you place the order, and charged when we ship it."
          : "The total is charged to your card when you place the order."}{" "}
        You type the card into Authorize.net's secure form: this shop never sees or keeps its number.
      </p>
      <Button
        variant="secondary"
        className="AcceptUI mt-3"
        data-billingAddressOptions='{"show":false,"required":false}'
        data-apiLoginID={form.apiLoginId}
        data-clientKey={form.clientKey}
        data-acceptUIFormBtnTxt="Use this card"
        data-acceptUIFormHeaderTxt="Card details"
        data-paymentOptions='{"showCreditCard":true,"showBankAccount":false}'
        data-responseHandler={HANDLER}
        aria-describedby={problem ? problemId : undefined}
      >
        {token ? "Use another card" : "Enter card details"}
      </Button>
      {problem && (
        <p id={problemId} className="mt-3 font-medium text-red-700 text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}

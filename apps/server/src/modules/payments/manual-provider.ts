import { NotFound } from "@shop/shared/errors";
import type { PaymentProvider, PaymentRequest, ProviderAnswer } from "./provider.ts";

/**
 * Bank transfer, Zelle and money order: the buyer sends the money outside the shop and staff
 * record it when it arrives ("Record payment" is the capture), and record what they send back.
 * Nothing is held beforehand, so there is nothing to authorize or let go.
 */
export const manualProvider: PaymentProvider = {
  id: "manual",
  takes: "recorded",
  async authorize() {
    return {
      status: "failed",
      reference: null,
      message: "Bank transfers, Zelle and money orders hold no money beforehand: record the payment when it arrives.",
      raw: {},
    };
  },
  async capture(request) {
    return recorded(request, "Record the payment with its method and the day it arrived.");
  },
  async void() {
    return { status: "succeeded", reference: null, message: null, raw: { held: 0 } };
  },
  async refund(request) {
    return recorded(request, "Record the refund with its method and the day it was sent.");
  },
  async webhook() {
    throw new NotFound("The manual payment methods send no webhooks.");
  },
};

/** Money staff say moved: kept as they typed it. */
function recorded(request: PaymentRequest, missing: string): ProviderAnswer {
  if (!request.received) return { status: "failed", reference: null, message: missing, raw: {} };
  const { method, reference, receivedOn } = request.received;
  return { status: "succeeded", reference, message: null, raw: { method, reference, receivedOn } };
}

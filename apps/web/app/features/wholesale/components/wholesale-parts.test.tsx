// @vitest-environment happy-dom
import type { StaffWholesaleDocument, WholesaleAccountRow } from "@shop/shared";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BuyerDocuments } from "./buyer-documents.tsx";
import { ReviewPanel } from "./review-panel.tsx";
import { StaffDocuments } from "./staff-documents.tsx";
import { WholesaleAccountsTable } from "./wholesale-accounts-table.tsx";

afterEach(cleanup);

const document = (change: Partial<StaffWholesaleDocument>): StaffWholesaleDocument => ({
  id: "doc-1",
  kind: "licence",
  state: "TX",
  number: "TX-RET-1",
  expiresOn: "2027-06-30",
  status: "approved",
  refusalReason: null,
  expired: false,
  expiresSoon: false,
  contentType: "application/pdf",
  createdAt: "2026-11-01T12:00:00.000Z",
  fileUrl: "/api/admin/wholesale-accounts/acc-1/documents/doc-1/file",
  ...change,
});

const row = (change: Partial<WholesaleAccountRow>): WholesaleAccountRow => ({
  id: "acc-1",
  status: "approved",
  businessName: "Corner Smoke Shop LLC",
  termsDays: 30,
  createdAt: "2026-11-01T12:00:00.000Z",
  buyer: { id: "u-1", name: "Robin Hale", email: "robin@shop.test" },
  orders: 3,
  balanceDueCents: 125_000,
  licenceExpiresOn: "2027-06-30",
  certificateExpiresOn: "2026-12-10",
  expiryFlag: "expiring",
  ...change,
});

describe("the buyer's documents", () => {
  it("flags what has expired or expires soon, and says why one was not accepted", () => {
    render(
      <BuyerDocuments
        documents={[
          document({ id: "a", expired: true }),
          document({ id: "b", kind: "resale_certificate", state: "OK", expiresSoon: true, status: "pending" }),
          document({ id: "c", state: "NV", status: "refused", refusalReason: "Unreadable scan", expired: true }),
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem");
    expect(within(items[0] as HTMLElement).getByText("Expired")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Expires soon")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Waiting for review")).toBeTruthy();
    // A refused one is not flagged: it never counted.
    expect(within(items[2] as HTMLElement).queryByText("Expired")).toBeNull();
    expect(within(items[2] as HTMLElement).getByText("Not accepted: Unreadable scan")).toBeTruthy();
  });
});

describe("staff's wholesale parts", () => {
  it("lists an account with its flag, terms, orders and balance, the business opening it", () => {
    render(
      <MemoryRouter>
        <WholesaleAccountsTable accounts={[row({})]} stale={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Corner Smoke Shop LLC" }).getAttribute("href")).toBe(
      "/dashboard/users/wholesale/acc-1",
    );
    expect(screen.getByText("Expires soon")).toBeTruthy();
    expect(screen.getByText("Net 30")).toBeTruthy();
    expect(screen.getByText("$1,250.00")).toBeTruthy();
  });

  it("offers a waiting document's review only where it may be reviewed, and asks why before refusing", () => {
    const onApprove = vi.fn();
    const onRefuse = vi.fn();
    const documents = [document({ id: "old" }), document({ id: "new", status: "pending", number: "TX-RET-2" })];
    const { rerender } = render(
      <StaffDocuments
        documents={documents}
        reviewable={false}
        busy={false}
        onApprove={onApprove}
        onRefuse={onRefuse}
      />,
    );
    expect(screen.getAllByRole("link", { name: "Download file" })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    rerender(
      <StaffDocuments documents={documents} reviewable={true} busy={false} onApprove={onApprove} onRefuse={onRefuse} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(onApprove).toHaveBeenCalledWith("new");
    fireEvent.click(screen.getByRole("button", { name: "Refuse…" }));
    fireEvent.click(screen.getByRole("button", { name: "Refuse document" }));
    expect(onRefuse).not.toHaveBeenCalled();
    expect(screen.getByText("Please say why: the buyer reads it.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Why is it refused?"), { target: { value: "Expired copy" } });
    fireEvent.click(screen.getByRole("button", { name: "Refuse document" }));
    expect(onRefuse).toHaveBeenCalledWith("new", "Expired copy");
  });

  it("approves with the terms chosen, and refuses only with a reason", () => {
    const onApprove = vi.fn();
    const onRefuse = vi.fn();
    render(<ReviewPanel busy={false} onApprove={onApprove} onRefuse={onRefuse} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve account" }));
    expect(onApprove).toHaveBeenLastCalledWith(null);
    fireEvent.click(screen.getByLabelText("Net 30"));
    fireEvent.click(screen.getByRole("button", { name: "Approve account" }));
    expect(onApprove).toHaveBeenLastCalledWith(30);
    fireEvent.click(screen.getByRole("button", { name: "Refuse application" }));
    expect(onRefuse).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Reason for refusing"), { target: { value: " Licence not found " } });
    fireEvent.click(screen.getByRole("button", { name: "Refuse application" }));
    expect(onRefuse).toHaveBeenCalledWith("Licence not found");
  });
});

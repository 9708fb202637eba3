import type { Address } from "@shop/shared";
import { US_STATES } from "@shop/shared/constants";
import { formatPhone } from "../lib/format.ts";

type Lines = Pick<Address, "fullName" | "line1" | "line2" | "city" | "state" | "zip" | "phone">;

/** A postal address as the shop writes it everywhere: (name,) street, city, state and ZIP, phone. */
export function AddressLines({
  address,
  withName = false,
  className = "",
}: {
  address: Lines;
  withName?: boolean;
  className?: string;
}) {
  return (
    <address className={`text-sm not-italic leading-6 ${className}`}>
      {withName && (
        <>
          <span className="font-medium text-ink">{address.fullName}</span>
          <br />
        </>
      )}
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, <abbr title={US_STATES[address.state]}>{address.state}</abbr> {address.zip}
      {address.phone && (
        <>
          <br />
          {formatPhone(address.phone)}
        </>
      )}
    </address>
  );
}

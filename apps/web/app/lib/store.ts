import { STORE_EMAIL } from "@shop/shared/constants";

export { STORE_NAME } from "@shop/shared";

/** The demo shop's contact details (docs/decisions/006); settings will own them. */
export const STORE_CONTACT = {
  email: STORE_EMAIL,
  phone: "(555) 010-4477",
  hours: "Monday to Friday, 9 am to 6 pm Eastern",
  address: ["Leaf & Cloud Supply Co.", "1200 Commerce Street, Suite 4", "Dallas, TX 75202"],
};

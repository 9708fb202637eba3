// The addresses of the dashboard's record pages, each built in one place with its part encoded, so
// that a feature links to another's records without importing that feature.

const part = encodeURIComponent;

export const orderPath = (number: string) => `/dashboard/orders/${part(number)}`;
/** The chosen orders' packing slips on one printable page. */
export const packingSlipsPath = (numbers: readonly string[]) =>
  `/dashboard/orders/packing-slips?${new URLSearchParams({ numbers: numbers.join(",") })}`;
export const customerPath = (id: string) => `/dashboard/users/customers/${part(id)}`;
export const productEditPath = (id: string) => `/dashboard/products/${part(id)}/edit`;
export const bannerPath = (id: string) => `/dashboard/banner-list/${part(id)}`;
export const discountPath = (id: string) => `/dashboard/discounts/${part(id)}`;
export const rulePath = (id: string) => `/dashboard/settings/compliance/${part(id)}`;
export const documentPath = (id: string) => `/dashboard/documents/${part(id)}`;
export const inboxMessagePath = (id: string) => `/dashboard/inbox/${part(id)}`;
export const blogPostPath = (id: string) => `/dashboard/blog/${part(id)}`;
export const coaCorrectionPath = (lotNumber: string) => `/dashboard/products/coas/${part(lotNumber)}/correct`;

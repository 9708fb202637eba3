/** The account pages' buttons and panels, in the shop's look (contact form, cart). */
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-transparent bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-line bg-white px-6 py-3 font-semibold hover:border-ink disabled:cursor-wait disabled:opacity-70";

export const smallButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-line bg-white px-4 py-2 font-medium text-sm hover:border-ink disabled:cursor-wait disabled:opacity-70";

export const panel = "rounded-2xl border border-line bg-white p-5 sm:p-6";

export const textLink = "font-medium text-brand-700 underline-offset-4 hover:underline";

export const formAlert = "font-medium text-red-700 text-sm";

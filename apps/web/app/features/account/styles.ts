/** The account pages' panels, in the shop's look. */
export const panel = "rounded-2xl border border-line bg-white p-5 sm:p-6";

export const textLink = "font-medium text-brand-700 underline-offset-4 hover:underline";

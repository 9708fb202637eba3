/**
 * Styles for a blog post's HTML, rendered on the server (decision 058): the storefront's post page
 * and the dashboard's preview show a body alike. Tailwind's typography plugin is not installed; a
 * strict CSP forbids style attributes, and the server's renderer writes none (a table cell's
 * alignment comes as data-align).
 */
export const proseClass = [
  "text-base leading-7 text-ink/90 sm:text-lg sm:leading-8",
  "[&>*:first-child]:mt-0",
  "[&_p]:mt-5",
  "[&_h2]:mt-12 [&_h2]:font-semibold [&_h2]:text-2xl [&_h2]:text-ink [&_h2]:tracking-tight [&_h2]:leading-tight",
  "[&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-ink [&_h3]:text-xl [&_h3]:leading-snug",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-ink [&_h4]:text-lg",
  "[&_h2+*]:mt-4 [&_h3+*]:mt-3 [&_h4+*]:mt-2",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-brand-600 [&_ol>li]:marker:font-semibold [&_li>p]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_em]:italic [&_s]:line-through",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-500/40 [&_a]:underline-offset-2",
  "[&_a:hover]:text-brand-900 [&_a:hover]:decoration-brand-700",
  "[&_blockquote]:mt-6 [&_blockquote]:border-brand-500 [&_blockquote]:border-l-4 [&_blockquote]:pl-5",
  "[&_blockquote]:text-ink [&_blockquote]:italic [&_blockquote>p:first-child]:mt-0",
  // A table is as wide as the text and its cells wrap (a scrolling table would need focus to scroll).
  "[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_td]:[overflow-wrap:anywhere] [&_th]:[overflow-wrap:anywhere]",
  "[&_table]:border-collapse [&_th]:border-line [&_th]:border-b-2 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left",
  "[&_th]:font-semibold [&_th]:text-ink [&_td]:border-line [&_td]:border-b [&_td]:px-3 [&_td]:py-2",
  "[&_[data-align=center]]:text-center [&_[data-align=right]]:text-right",
  "[&_img]:mt-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl [&_img]:border [&_img]:border-line",
  "[&_code]:rounded [&_code]:bg-brand-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-gray-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:my-10 [&_hr]:border-line",
].join(" ");

import type { PanelResult } from "@shop/shared";
import { CircleAlert, CircleCheck, CircleMinus } from "lucide-react";
import { panelResultLabels } from "../format.ts";

const panelLooks: Record<PanelResult, { className: string; Icon: typeof CircleCheck }> = {
  passed: { className: "bg-brand-50 text-brand-700 ring-brand-100", Icon: CircleCheck },
  failed: { className: "bg-red-50 text-red-800 ring-red-200", Icon: CircleAlert },
  not_tested: { className: "bg-gray-100 text-muted ring-line", Icon: CircleMinus },
};

export function PanelResultBadge({ result }: { result: PanelResult }) {
  const { className, Icon } = panelLooks[result];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {panelResultLabels[result]}
    </span>
  );
}
